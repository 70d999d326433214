/**
 * 系统设置's 微信 row: the account's WeChat binding. Bound with a phone linked, it can be unbound (the
 * phone still logs in); bound without a phone, it says to link one first; not bound inside WeChat, it
 * binds this WeChat (网页授权 back to this page). Hidden while WeChat login is off.
 */
import { paths } from '@/config/paths';
import { List } from '@/lib/antd-mobile';
import { confirm, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { isWechatBrowser, startWechatLogin } from '@/lib/wechat';
import { useUnbindWechat, useWechatBinding } from './api/wechat';
import { failureMessage } from './errors';

/** The row, for an account whose (masked) phone is `phone` ('' when none is linked). */
export function WechatSetting({ phone }: { phone: string }) {
  const binding = useWechatBinding();
  const unbind = useUnbindWechat();
  const navigation = useNavigation();
  if (binding.data?.enabled !== true) return null;
  const bound = binding.data.bound;

  async function handleTap() {
    if (!bound) {
      if (isWechatBrowser())
        startWechatLogin(paths.login.getHref({ redirect: paths.setting.path }), 'userinfo');
      else toast('请在微信中打开玄历后绑定微信');
      return;
    }
    if (!phone) {
      toast('请先绑定手机号，再解除微信绑定');
      navigation.navigate(paths.bindPhone.getHref({ redirect: paths.setting.path }));
      return;
    }
    const sure = await confirm({
      title: '解除微信绑定',
      content: `解除后不能再用这个微信登录，请用手机号 ${phone} 登录。`,
      cancelText: '取消',
      confirmText: '解除绑定',
    });
    if (!sure) return;
    try {
      await unbind.mutateAsync();
      toast('已解除微信绑定');
    } catch (error) {
      toast(failureMessage(error));
    }
  }

  return (
    <List.Item onClick={handleTap} extra={bound ? '已绑定，点击解除' : '未绑定'}>
      微信
    </List.Item>
  );
}
