/**
 * 分享 in a page header. WeChat lets no page open its share menu, so inside WeChat the button says
 * where the menu is (the card itself was set by `useShareCard`); elsewhere it opens the system share
 * sheet, or copies the link where there is none.
 */
import { HeaderButton } from '@/components/PageHeader';
import { toast } from '@/lib/feedback';
import { type ShareCard, shareOrCopy } from '@/lib/share';
import { isWechatBrowser } from '@/lib/wechat';

/** The header's 分享 for `card`. */
export function ShareButton({ card }: { card: ShareCard }) {
  async function handleShare() {
    if (isWechatBrowser()) {
      toast('点右上角「···」发送给朋友或分享到朋友圈');
      return;
    }
    const outcome = await shareOrCopy(card);
    if (outcome === 'copied') toast('链接已复制，可粘贴发送给朋友', 'success');
    else if (outcome === 'failed') toast('这个浏览器不能分享，请复制地址栏的链接');
  }
  return <HeaderButton onClick={handleShare}>分享</HeaderButton>;
}
