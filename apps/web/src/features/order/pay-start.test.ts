import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appRouteOf,
  invokeWechatPay,
  isWechatBrowser,
  returnPathOf,
  type WechatPayParams,
} from './pay-start';

const here = {
  href: 'https://xuanli.example.cn/xuanli/#/pages/shop/checkout',
  origin: 'https://xuanli.example.cn',
  pathname: '/xuanli/',
};

const params: WechatPayParams = {
  appId: 'wx123',
  timeStamp: '1700000000',
  nonceStr: 'abc',
  package: 'prepay_id=wx1',
  signType: 'RSA',
  paySign: 'sig',
};

afterEach(() => {
  delete window.WeixinJSBridge;
  vi.useRealTimers();
});

describe('following a payment start', () => {
  it('routes a page of this app through the router and leaves every other address to the browser', () => {
    expect(appRouteOf('/xuanli/#/pages/shop/pay?orderNo=1&outTradeNo=2', here)).toBe(
      '/pages/shop/pay?orderNo=1&outTradeNo=2',
    );
    expect(appRouteOf('https://xuanli.example.cn/xuanli/#/pages/user/order?orderNo=1', here)).toBe(
      '/pages/user/order?orderNo=1',
    );
    expect(appRouteOf('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=1', here)).toBeNull();
    expect(appRouteOf('https://openapi.alipay.com/gateway.do#/pages/x', here)).toBeNull();
    expect(appRouteOf('/xuanli/', here)).toBeNull();
  });

  it('names the order page as a path of this site for the provider to come back to', () => {
    expect(returnPathOf('/pages/user/order?orderNo=1', here)).toBe('/xuanli/#/pages/user/order?orderNo=1');
  });

  it('knows the WeChat browser by its user agent', () => {
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.47 NetType/WIFI')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36')).toBe(false);
  });

  it('opens WeChat’s pay sheet with the server’s parameters and reports how it ended', async () => {
    const invoke = vi.fn((_api: string, _params: WechatPayParams, done: (r: { err_msg?: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    expect(await invokeWechatPay(params)).toBe('ok');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    invoke.mockImplementation((_a, _p, done) => done({ err_msg: 'get_brand_wcpay_request:cancel' }));
    expect(await invokeWechatPay(params)).toBe('cancel');
    invoke.mockImplementation((_a, _p, done) => done({ err_msg: 'get_brand_wcpay_request:fail' }));
    expect(await invokeWechatPay(params)).toBe('fail');
  });

  it('waits for a late bridge, and gives up when none comes', async () => {
    vi.useFakeTimers();
    const late = invokeWechatPay(params);
    window.WeixinJSBridge = {
      invoke: (_api: string, _params: unknown, done: (result: { err_msg?: string }) => void) =>
        done({ err_msg: 'get_brand_wcpay_request:ok' }),
    };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await late).toBe('ok');

    delete window.WeixinJSBridge;
    const never = invokeWechatPay(params);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await never).toBe('unavailable');
  });
});
