/**
 * Paying where the buyer is: inside WeChat by JSAPI (the openid is the server's business, so the body
 * says only the scene), a silent 网页授权 first when the server does not know the buyer's openid yet,
 * and on a desktop WeChat Native's QR code page, which follows the order until it is paid.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayChannelList, PayStart } from '@xuanli/contracts/pay';
import type { OrderDetail } from '@xuanli/contracts/shop';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { startWechatLogin } from '@/lib/wechat';
import { type ApiCall, installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import OrderPage from './OrderPage';
import QrPayPage from './QrPayPage';
import { ORDER_NO, orderDetail, sandboxStart } from './testing';

vi.mock('@/lib/wechat', async (original) => ({
  ...(await original<typeof import('@/lib/wechat')>()),
  startWechatLogin: vi.fn(),
}));

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const PAGE = paths.order.getHref({ orderNo: ORDER_NO });
const CODE_URL = 'weixin://wxpay/bizpayurl?pr=AbC123xyz';

const channels: PayChannelList = {
  list: [
    { channel: 'wechat', name: '微信支付' },
    { channel: 'alipay', name: '支付宝' },
  ],
};

const jsapiStart: PayStart = sandboxStart({
  channel: 'wechat',
  mode: 'jsapi',
  url: null,
  outTradeNo: 'WX0001',
  jsapi: {
    appId: 'wx2421b1c4370ec43b',
    timeStamp: '1714530600',
    nonceStr: 'n0nce',
    package: 'prepay_id=wx201410272009395522657a690389285100',
    signType: 'RSA',
    paySign: 'c2lnbmVk',
  },
});

/** The order page's server: the order, WeChat and Alipay, and `pay` for the start. */
function server(pay: () => Response, order: () => OrderDetail = () => orderDetail()) {
  return installFakeApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === `/shop/orders/${ORDER_NO}`) return okAnswer(order());
    if (call.path === '/pay/channels') return okAnswer(channels);
    if (call.path === `/shop/orders/${ORDER_NO}/pay`) return pay();
    return undefined;
  });
}

async function payWith(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
  const sheet = await screen.findByRole('dialog', { name: '选择支付方式' });
  await waitFor(() => expect(within(sheet).getByRole('radio', { name })).toBeTruthy());
  fireEvent.click(within(sheet).getByRole('radio', { name }));
  fireEvent.click(within(sheet).getByRole('button', { name: '确认支付' }));
  return sheet;
}

pageTests({ loggedIn: true });
afterEach(() => {
  vi.mocked(startWechatLogin).mockReset();
  Reflect.deleteProperty(window, 'WeixinJSBridge');
});

describe('paying inside WeChat', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
  });

  it("opens WeChat's pay sheet with the server's parameters and goes on to the order", async () => {
    const invoke = vi.fn((_api: string, _params: unknown, done: (r: { err_msg: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    Object.assign(window, { WeixinJSBridge: { invoke } });
    const calls = server(() => okAnswer(jsapiStart));
    renderPage(<OrderPage />, { path: PAGE });
    const sheet = await payWith('微信支付');
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke.mock.calls[0]?.[0]).toBe('getBrandWCPayRequest');
    expect(invoke.mock.calls[0]?.[1]).toEqual(jsapiStart.jsapi);
    const body = calls.find((c) => c.path.endsWith('/pay'))?.body;
    expect(body).toMatchObject({ channel: 'wechat', scene: 'wechat' });
    expect(JSON.stringify(body)).not.toMatch(/openid/i);
    expect(within(sheet).queryByRole('radio', { name: '支付宝' })).toBeNull();
    expect(await screen.findByText('支付完成')).toBeTruthy();
  });

  it('says a cancelled sheet and leaves the order unpaid', async () => {
    Object.assign(window, {
      WeixinJSBridge: {
        invoke: (_a: string, _p: unknown, done: (r: { err_msg: string }) => void) =>
          done({ err_msg: 'get_brand_wcpay_request:cancel' }),
      },
    });
    server(() => okAnswer(jsapiStart));
    renderPage(<OrderPage />, { path: PAGE });
    await payWith('微信支付');
    expect(await screen.findByText('已取消支付，可在订单中继续支付')).toBeTruthy();
  });

  it('goes through the silent WeChat login first when the server knows no openid for the buyer', async () => {
    server(() => failureAnswer('WechatLoginRequired', '请先用微信登录'));
    renderPage(<OrderPage />, { path: PAGE });
    await payWith('微信支付');
    await waitFor(() => expect(startWechatLogin).toHaveBeenCalledTimes(1));
    expect(startWechatLogin).toHaveBeenCalledWith(paths.login.getHref({ redirect: PAGE }), 'base');
  });
});

describe('paying on a desktop', () => {
  it("shows WeChat Native's QR code page for the code_url", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    );
    const native = sandboxStart({ channel: 'wechat', mode: 'qrcode', url: CODE_URL, outTradeNo: 'WX0002' });
    const calls = server(() => okAnswer(native));
    const { here } = renderPage(<OrderPage />, { path: PAGE });
    await payWith('微信支付');
    await waitFor(() =>
      expect(here()).toBe(decodeURIComponent(paths.qrpay.getHref({ orderNo: ORDER_NO, url: CODE_URL }))),
    );
    expect(calls.find((c) => c.path.endsWith('/pay'))?.body).toMatchObject({
      channel: 'wechat',
      scene: 'desktop',
    });
  });
});

describe('QrPayPage (pages/shop/qrpay)', () => {
  it('draws the code, then opens the order once the callback has paid it', async () => {
    let status: OrderDetail['status'] = 'pending';
    server(
      () => okAnswer(sandboxStart()),
      () => orderDetail({ status }),
    );
    const { here } = renderPage(<QrPayPage />, {
      path: paths.qrpay.getHref({ orderNo: ORDER_NO, url: CODE_URL }),
    });
    const picture = await screen.findByRole('img', { name: '微信支付二维码' });
    expect(picture.getAttribute('data-code-url')).toBe(CODE_URL);
    expect(picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    status = 'paid';
    await waitFor(() => expect(here()).toBe(PAGE), { timeout: 8000 });
  }, 12_000);

  it('draws nothing for a link that is not WeChat Pay’s', async () => {
    server(() => okAnswer(sandboxStart()));
    renderPage(<QrPayPage />, {
      path: paths.qrpay.getHref({ orderNo: ORDER_NO, url: 'https://evil.example/pay' }),
    });
    expect(await screen.findByText('支付链接不完整')).toBeTruthy();
    expect(screen.queryByRole('img', { name: '微信支付二维码' })).toBeNull();
  });
});
