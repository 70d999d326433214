/**
 * Paying inside WeChat: JSAPI with the openid 网页授权 bound to the buyer's account, looked up on the
 * server — never the one a browser sends — against the WeChat Pay stand-in (which refuses an openid the
 * 公众号 never gave out), and a `paySign` that verifies with the merchant's public key. A buyer without
 * a binding is asked to authorise first; after a WeChat login on the signed-in account the same order
 * pays.
 */
import { createVerify } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buyerOrder, placeOrder } from '../../../test/shop-buyer.ts';
import { addProduct } from '../../../test/shop-fixtures.ts';
import { parsePayConfig } from '../../config.ts';
// the WeChat Pay stand-in of the pay module's tests, not its code
import { FakeWechatPay, type ProviderServer, serveProvider } from '../pay/testing.ts';
import { postCallback } from '../pay/testing-app.ts';
import { StandInWechat } from './testing.ts';
import { useWechatApp } from './testing-app.ts';
import { authorize, signInByWechat, wechatLogin } from './testing-flow.ts';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; V2154A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5235 MMWEBSDK/20230805 MicroMessenger/8.0.42.2460(0x28002A35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

let keys = 0;

const wechatPay = new FakeWechatPay({ now: () => t.clock.now() });
wechatPay.openids = new Set();
let payServer: ProviderServer | undefined;
afterAll(() => payServer?.close());
const { t, stand } = useWechatApp({
  appId: wechatPay.appId,
  async build() {
    payServer = await serveProvider(wechatPay.handle);
    const pay = parsePayConfig({
      ...wechatPay.env(payServer.url),
      PAY_PUBLIC_URL: 'https://pay.xuanli.example.com',
    });
    return { config: { pay } };
  },
});

/** A pending order of one course (nothing to ship) of `token`'s account. */
async function courseOrder(token: string): Promise<{ orderNo: string; total: number }> {
  const product = await addProduct(t.database.db, {
    kind: 'course',
    courseId: `wechat-pay-${++keys}`,
    skus: [{ price: 9_900, stock: 10 }],
  });
  return placeOrder(t, { token }, [{ skuId: product.skuId, qty: 1 }]);
}

function payInWechat(token: string, orderNo: string, body: object = { channel: 'wechat' }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/shop/orders/${orderNo}/pay`,
    headers: { token, 'user-agent': WECHAT_UA },
    payload: body,
  });
}

describe('JSAPI inside WeChat', () => {
  it("orders with the buyer's own openid (not the browser's) and answers a paySign that verifies", async () => {
    const user = StandInWechat.user('买课的阿姨');
    wechatPay.openids?.add(user.openid);
    const buyer = await signInByWechat(t, stand, user);
    const { orderNo, total } = await courseOrder(buyer.token);
    const res = await payInWechat(buyer.token, orderNo, {
      channel: 'wechat',
      openid: 'oForgedByTheBrowser000000000',
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().resData;
    const sent = wechatPay.requests.at(-1)!;
    expect(sent.url).toBe('/v3/pay/transactions/jsapi');
    expect(sent.signatureValid).toBe(true);
    expect(JSON.parse(sent.body)).toMatchObject({
      appid: wechatPay.appId,
      payer: { openid: user.openid },
      amount: { total, currency: 'CNY' },
      out_trade_no: started.outTradeNo,
    });
    expect(started).toMatchObject({ mode: 'jsapi', url: null });
    const jsapi = started.jsapi;
    expect(jsapi).toMatchObject({
      appId: wechatPay.appId,
      signType: 'RSA',
      package: `prepay_id=wx${started.outTradeNo}`,
    });
    expect(jsapi.timeStamp).toBe(String(Math.floor(t.clock.now() / 1000)));
    const signed = `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`;
    expect(
      createVerify('RSA-SHA256').update(signed).verify(wechatPay.merchant.publicKey, jsapi.paySign, 'base64'),
    ).toBe(true);
    expect(
      createVerify('RSA-SHA256')
        .update(signed.replace(jsapi.nonceStr, 'X'.repeat(32)))
        .verify(wechatPay.merchant.publicKey, jsapi.paySign, 'base64'),
    ).toBe(false);

    // WeChat's sheet paid it: the callback marks the order paid, and the course done.
    const callback = wechatPay.pay(started.outTradeNo);
    const notified = await postCallback(t, 'wechat', callback);
    expect(notified.statusCode).toBe(204);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('done');
  });

  it('asks a buyer without WeChat to authorise, then pays the same order with the openid that bound', async () => {
    const phoneBuyer = await signIn(t, 'user');
    const { orderNo } = await courseOrder(phoneBuyer.token);
    const refused = await payInWechat(phoneBuyer.token, orderNo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'WechatLoginRequired' });

    const user = StandInWechat.user('手机用户的微信');
    wechatPay.openids?.add(user.openid);
    const login = await wechatLogin(t, await authorize(t, stand, user), phoneBuyer.token);
    expect(login.json().resData.user.id).toBe(phoneBuyer.userId);
    const res = await payInWechat(login.json().resData.jwt, orderNo);
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(wechatPay.requests.at(-1)!.body).payer).toEqual({ openid: user.openid });
  });
});
