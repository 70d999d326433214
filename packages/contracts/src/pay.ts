/**
 * The payment wire: which channels are open, starting a payment for an order, and the sandbox pay
 * page. The providers' callbacks (`POST /api/pay/notify/{channel}`) are the providers' own formats
 * (WeChat Pay API v3 JSON with `Wechatpay-*` headers, Alipay form posts), not this envelope.
 */
import { type Static, Type } from 'typebox';
import { PAY_CHANNELS } from './shop-labels.ts';

const Channel = Type.Enum([...PAY_CHANNELS]);

/** `resData` of `GET /api/pay/channels`: the channels this server is configured for, in display order. */
export const PayChannelListSchema = Type.Object({
  list: Type.Array(Type.Object({ channel: Channel, name: Type.String({ description: 'Chinese name' }) })),
});

/** The open channels. */
export type PayChannelList = Static<typeof PayChannelListSchema>;

/**
 * Body of `POST /api/shop/orders/{orderNo}/pay`. `inWechat` picks WeChat's JSAPI (inside the WeChat
 * browser, which needs the buyer's `openid`) instead of H5.
 */
export const PayStartBodySchema = Type.Object({
  channel: Channel,
  inWechat: Type.Optional(Type.Boolean()),
  openid: Type.Optional(Type.String({ maxLength: 128 })),
  returnUrl: Type.Optional(
    Type.String({ maxLength: 512, description: 'Same-origin page to come back to after paying' }),
  ),
});

/** A payment start. */
export type PayStartBody = Static<typeof PayStartBodySchema>;

/**
 * `resData` of `POST /api/shop/orders/{orderNo}/pay`: how the browser continues.
 * - `redirect`: open `url` (WeChat H5 `h5_url`, Alipay's cashier page, or the in-app sandbox page).
 * - `jsapi`: call `WeixinJSBridge.invoke('getBrandWCPayRequest', jsapi)`.
 */
export const PayStartSchema = Type.Object({
  channel: Channel,
  mode: Type.Union([Type.Literal('redirect'), Type.Literal('jsapi')]),
  url: Type.Union([Type.String(), Type.Null()]),
  jsapi: Type.Union([
    Type.Object({
      appId: Type.String(),
      timeStamp: Type.String(),
      nonceStr: Type.String(),
      package: Type.String(),
      signType: Type.Literal('RSA'),
      paySign: Type.String(),
    }),
    Type.Null(),
  ]),
  outTradeNo: Type.String({ description: "The provider's order number for this attempt" }),
  amount: Type.Integer({ minimum: 1, description: 'Amount in 分' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

/** A started payment. */
export type PayStart = Static<typeof PayStartSchema>;

/** Body of `POST /api/pay/sandbox/{orderNo}/complete`: the buyer's choice on the sandbox pay page. */
export const SandboxCompleteBodySchema = Type.Object({
  outTradeNo: Type.String({ minLength: 1, maxLength: 64 }),
  result: Type.Union([Type.Literal('success'), Type.Literal('fail')]),
});

/** A sandbox completion. */
export type SandboxCompleteBody = Static<typeof SandboxCompleteBodySchema>;

/** `resData` of `POST /api/pay/sandbox/{orderNo}/complete`: what the signed callback did to the order. */
export const SandboxCompleteSchema = Type.Object({
  orderNo: Type.String(),
  status: Type.String({ description: 'The order status after the callback' }),
});

/** A sandbox completion result. */
export type SandboxComplete = Static<typeof SandboxCompleteSchema>;
