/**
 * The error-code vocabulary of the wire (PRODUCT.md#errors): every failure envelope `{code, msg}` carries one
 * of these codes. The API maps each to its HTTP status in one place; the web maps each to the Chinese
 * sentence a user reads. The engine's own refusals (`AlmanacError.code`, e.g. `WRONG_SOLAR_MONTH`) cross the
 * wire unchanged, so the web can say which field is wrong instead of repeating server text.
 *
 * This module has no runtime dependency (no TypeBox), so the web's calendar route may import it.
 */
import type { AlmanacErrorCode } from '@xuanli/almanac/errors';

/** HTTP status of each API error code. */
export const API_ERROR_STATUS = {
  BadRequest: 400,
  ValidationError: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  // A write that lost a race or repeats a finished one (an order paid twice, a name already taken).
  Conflict: 409,
  // A request whose body did not arrive in time (a stalled connection, or a chunk of a console upload
  // slower than the slowest line it must allow); the connection is closed after the answer.
  RequestTimeout: 408,
  PayloadTooLarge: 413,
  // An upload whose bytes are not a kind the route takes (sniffed, never the declared type).
  UnsupportedMediaType: 415,
  // A Range request for bytes the stored file does not have (GET files/…).
  RangeNotSatisfiable: 416,
  // Accounts (PRODUCT.md#account): the phone, the SMS code or the password of a login was not right. One code
  // for "no such account" and "wrong password", so an answer never tells whether a phone is registered.
  InvalidPhone: 400,
  InvalidCode: 400,
  LoginFailed: 400,
  // An operator banned the account of this phone: its login (every method) and its SMS codes are
  // refused until it is unbanned. Only a banned phone is told so; others never learn about accounts.
  AccountBanned: 403,
  // Shop: a SKU has fewer pieces left than asked for (stock is reserved when an order is created).
  OutOfStock: 409,
  // Shop: the order is not in a state that allows the action (paying a cancelled order, refunding a
  // pending one); the answer names the order's current status in `msg`.
  OrderStateConflict: 409,
  // Shop: an order above the shop's maxima (its total, a line's pieces, its number of lines); the
  // answer's `msg` names the limit.
  OrderTooLarge: 400,
  // Shop: the buyer already holds as many unpaid orders, or unpaid pieces of one SKU, as one buyer
  // may (stock held by orders nobody pays is stock nobody else can buy); `msg` says which.
  UnpaidLimit: 409,
  // Operators' console (/api/admin): a wrong username or password (one code for both, so an answer
  // never tells whether a username exists), then a login or change that needs the operator's current
  // TOTP code without one, or with a wrong or already used one.
  OperatorLoginFailed: 401,
  TotpRequired: 401,
  TotpInvalid: 400,
  // An operator changing their own password typed the current one wrong.
  WrongOldPassword: 400,
  // WeChat login (网页授权): the ticket the authorisation brought back is unknown, used or expired, or
  // the WeChat user cannot be linked as asked (bound to another account).
  WechatLoginFailed: 400,
  // WeChat Pay inside WeChat (JSAPI) pays with the buyer's openid, which the server has only once the
  // buyer went through 网页授权; the app then starts it and tries again.
  WechatLoginRequired: 403,
  // 四柱反查: four pillars that cannot stand together (a month stem that does not follow the year stem,
  // an hour stem that does not follow the day stem) or a text that is not four of the sixty 干支; the
  // answer's `msg` says which pillar and what it should be.
  WrongPillars: 400,
  TooManyRequests: 429,
  InternalError: 500,
  // A payment provider (WeChat Pay, Alipay) refused or did not answer when a payment was started.
  PaymentChannelError: 502,
  // WeChat's server API (tokens, the JS-SDK ticket) refused or did not answer.
  WechatUnavailable: 502,
  // A dependency (the database) does not answer; load balancers take the process out of rotation.
  Unavailable: 503,
} as const;

/** A code of the API itself. */
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** The engine's codes, listed so that schemas can enumerate them (kept equal to `AlmanacErrorCode` by a test). */
export const ENGINE_ERROR_CODES = [
  'WRONG_SOLAR_YEAR',
  'WRONG_SOLAR_MONTH',
  'WRONG_SOLAR_DAY',
  'WRONG_HOUR',
  'WRONG_MINUTE',
  'WRONG_SECOND',
  'WRONG_LUNAR_YEAR',
  'WRONG_LUNAR_MONTH',
  'WRONG_LUNAR_DAY',
  'OUT_OF_RANGE',
  'WRONG_COUNT',
  'WRONG_BIRTH_TEXT',
  'WRONG_SEX',
  'WRONG_BRANCH_WO',
  'WRONG_BRANCH_TA',
  'WRONG_OPTION',
] as const satisfies readonly AlmanacErrorCode[];

/** Any code a failure envelope may carry. */
export type ErrorCode = ApiErrorCode | AlmanacErrorCode;

/** Every code, API codes first. */
export const ERROR_CODES: readonly ErrorCode[] = [
  ...(Object.keys(API_ERROR_STATUS) as ApiErrorCode[]),
  ...ENGINE_ERROR_CODES,
];

/** HTTP status of any code: an engine refusal is always the client's input, hence 400. */
export function statusOfCode(code: ErrorCode): number {
  return code in API_ERROR_STATUS ? API_ERROR_STATUS[code as ApiErrorCode] : 400;
}

/** True when `value` is a code of this vocabulary. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * What a user reads for each code, in Chinese, saying what to do next. The server's `msg` says what
 * was wrong with the request (in Chinese for a refused schema or a malformed request, naming the field;
 * some services' own checks still answer in English); the app shows these instead.
 */
export const ERROR_MESSAGES_ZH: Record<ErrorCode, string> = {
  BadRequest: '请求有误，请检查填写的内容',
  ValidationError: '填写的内容格式不对，请检查后再试',
  Unauthorized: '登录已失效，请重新登录',
  Forbidden: '没有权限查看，开通 VIP 请联系客服',
  NotFound: '没有找到相应内容',
  Conflict: '内容已被修改，请刷新后再试',
  UnsupportedMediaType: '文件格式不支持，请选择 JPG、PNG 或 WebP 图片',
  RangeNotSatisfiable: '文件读取位置有误，请重新打开',
  InvalidPhone: '请输入正确的 11 位手机号',
  InvalidCode: '验证码不对或已过期，请重新获取',
  LoginFailed: '手机号或密码不对，也可以用短信验证码登录',
  AccountBanned: '该账号已被停用，如有疑问请联系客服',
  OutOfStock: '库存不足，请减少数量或选择其他规格',
  OrderStateConflict: '订单状态已变化，请刷新订单后再试',
  OrderTooLarge: '订单金额或数量超出上限，请减少数量或分开下单',
  UnpaidLimit: '待支付的订单或件数已达上限，请先支付或取消待支付的订单后再下单',
  OperatorLoginFailed: '用户名或密码不对',
  TotpRequired: '请输入身份验证器上的 6 位动态码',
  TotpInvalid: '动态码不对或已用过，请等下一个码出现后再试',
  WrongOldPassword: '原密码不对，请重新输入',
  PaymentChannelError: '支付暂时无法发起，请稍后重试或换一种支付方式',
  PayloadTooLarge: '提交的内容太大，请精简后再试',
  RequestTimeout: '网络太慢，请求超时，请检查网络后重试',
  WechatLoginFailed: '微信登录已失效，请重新进入页面再试',
  WechatLoginRequired: '请先用微信登录，再使用微信支付',
  WechatUnavailable: '微信服务暂时连接不上，请稍后再试',
  WrongPillars: '四柱对不上：月干要按年干推（五虎遁），时干要按日干推（五鼠遁），请重新选择',
  TooManyRequests: '操作太频繁，请稍后再试',
  InternalError: '服务器出了点问题，请稍后重试',
  Unavailable: '服务暂时不可用，请稍后重试',
  WRONG_SOLAR_YEAR: '公历年份不对，请重新选择',
  WRONG_SOLAR_MONTH: '公历月份不对，请选择 1 到 12 月',
  WRONG_SOLAR_DAY: '公历日期不对，这个月没有这一天',
  WRONG_HOUR: '小时不对，请选择 0 到 23 时',
  WRONG_MINUTE: '分钟不对，请选择 0 到 59 分',
  WRONG_SECOND: '秒数不对，请选择 0 到 59 秒',
  WRONG_LUNAR_YEAR: '农历年份不对，请选择 1900 到 2100 年',
  WRONG_LUNAR_MONTH: '农历月份不对，这一年没有这个月（或没有这个闰月）',
  WRONG_LUNAR_DAY: '农历日期不对，这个月没有这一天',
  OUT_OF_RANGE: '日期超出范围，请选择 1900 到 2100 年之间的日期',
  WRONG_COUNT: '数量不对，请填写整数',
  WRONG_BIRTH_TEXT: '出生日期不对，请重新选择出生的年月日和时辰',
  WRONG_SEX: '请选择性别：男（乾造）或女（坤造）',
  WRONG_BRANCH_WO: '我方地支不对，请选择子、丑、寅……亥之一',
  WRONG_BRANCH_TA: '对方地支不对，请选择子、丑、寅……亥之一',
  WRONG_OPTION: '排盘选项不对，请重新选择',
};
