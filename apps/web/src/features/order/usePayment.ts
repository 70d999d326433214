/**
 * Paying an order that exists: start a payment on the chosen channel (`POST shop/orders/{orderNo}/pay`)
 * and follow its answer (pay-start.ts). Used by checkout right after the order is made, and by 去支付
 * on my orders and the order page.
 */

import { useQueryClient } from '@tanstack/react-query';
import type { PayScene, PayStart } from '@xuanli/contracts/pay';
import type { PayChannel } from '@xuanli/contracts/shop';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { notify, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { isDesktopBrowser, isWechatBrowser, startWechatLogin } from '@/lib/wechat';
import { orderKey } from './api/get-order';
import { useStartPay } from './api/start-pay';
import { appRouteOf, invokeWechatPay, returnPathOf } from './pay-start';

/**
 * Where the buyer goes once the payment is under way: `redirect` replaces the current page (checkout,
 * the order page), `navigate` opens on top of it (my orders, so 返回 comes back to the list).
 */
export type PayFrom = 'redirect' | 'navigate';

/** What an ended WeChat sheet tells the buyer; the order page then shows the server's word. */
const WECHAT_OUTCOME_TEXT = {
  cancel: '已取消支付，可在订单中继续支付',
  fail: '微信支付未完成，请稍后在订单中重试',
  unavailable: '请在微信中打开本页完成支付，或换一种支付方式',
} as const;

/** Where the buyer pays: WeChat's browser (JSAPI), a desktop (QR codes, Alipay's page) or a phone. */
function payScene(): PayScene {
  if (isWechatBrowser()) return 'wechat';
  return isDesktopBrowser() ? 'desktop' : 'mobile';
}

/** `pay(orderNo, channel)` and whether a start is under way. A failed start rejects with its ApiError. */
export function usePayment(from: PayFrom) {
  const start = useStartPay();
  const navigation = useNavigation();
  const queryClient = useQueryClient();

  async function pay(orderNo: string, channel: PayChannel): Promise<void> {
    const orderHref = paths.order.getHref({ orderNo });
    let started: PayStart;
    try {
      started = await start.mutateAsync({
        orderNo,
        body: { channel, scene: payScene(), returnUrl: returnPathOf(orderHref) },
      });
    } catch (error) {
      // JSAPI pays with the openid the server learns from 网页授权: a silent one, back to this order.
      if (error instanceof ApiError && error.code === 'WechatLoginRequired') {
        startWechatLogin(paths.login.getHref({ redirect: orderHref }), 'base');
        return;
      }
      throw error;
    }
    const go = (to: string) => (from === 'redirect' ? navigation.redirect(to) : navigation.navigate(to));
    if (started.mode === 'qrcode' && started.url) {
      go(paths.qrpay.getHref({ orderNo, url: started.url }));
      return;
    }
    if (started.mode === 'redirect' && started.url) {
      const route = appRouteOf(started.url);
      if (route) go(route);
      else window.location.assign(started.url);
      return;
    }
    if (started.mode === 'jsapi' && started.jsapi) {
      const outcome = await invokeWechatPay(started.jsapi);
      if (outcome === 'ok') toast('支付完成', 'success');
      else notify(WECHAT_OUTCOME_TEXT[outcome]);
      void queryClient.invalidateQueries({ queryKey: orderKey(orderNo) });
      go(orderHref);
      return;
    }
    // A start with neither a page nor a sheet cannot be followed: say so like a refusing provider.
    throw new ApiError('pay start without a way to continue', 'PaymentChannelError', 502);
  }

  return { pay, starting: start.isPending };
}
