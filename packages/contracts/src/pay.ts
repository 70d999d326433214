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
 * Where the buyer pays, which decides the provider's product: inside WeChat's browser (WeChat Pay
 * JSAPI), a phone's other browsers (WeChat H5, Alipay 手机网站支付) or a desktop browser (WeChat Native's
 * QR code, Alipay 电脑网站支付).
 */
export const PAY_SCENES = ['wechat', 'mobile', 'desktop'] as const;

/** A place of payment. */
export type PayScene = (typeof PAY_SCENES)[number];

/**
 * Body of `POST /api/shop/orders/{orderNo}/pay`. A request whose user agent is WeChat's browser
 * (`MicroMessenger`) — or that says `inWechat` — pays by JSAPI with the openid the server knows for the
 * buyer (never one from the client); otherwise `scene` picks the product (default `mobile`).
 */
export const PayStartBodySchema = Type.Object({
  channel: Channel,
  scene: Type.Optional(Type.Enum([...PAY_SCENES])),
  inWechat: Type.Optional(Type.Boolean({ description: 'Same as scene wechat' })),
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
 * - `qrcode`: show `url` (WeChat Native's `code_url`, `weixin://wxpay/…`) as a QR code for the buyer's
 *   phone to scan, and wait for the order to be paid.
 */
export const PayStartSchema = Type.Object({
  channel: Channel,
  mode: Type.Union([Type.Literal('redirect'), Type.Literal('jsapi'), Type.Literal('qrcode')]),
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

/** Path of an order's payment routes (the same 20 digits as the shop's order number, in `\d` form). */
export const PayOrderParamsSchema = Type.Object({
  orderNo: Type.String({ pattern: '^\\d{20}$', description: 'The 20-digit order number' }),
});

/** Path of a provider's callback: the channel it is for, checked by the service. */
export const PayNotifyParamsSchema = Type.Object({
  channel: Type.String({ maxLength: 32, description: "'wechat', 'alipay' or 'sandbox'" }),
});
