/**
 * The authorisation matrix (PRODUCT.md#roles): every caller × every member, VIP and public route → the
 * status it must get. Each cell sends a valid request, so its status says who may call, nothing else
 * (a 400 would hide a missing check), and each cell has a caller of its own, so the destructive routes
 * (logout, delete, password) cannot spoil another cell. Adding a route is one line in ROUTES; a secured
 * route missing from it fails the last test.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_FILE } from '../src/modules/member/index.ts';
import { users } from '../src/modules/member/testing-tables.ts';
import { mingliProfiles } from '../src/modules/mingli/testing-tables.ts';
import { calendarEvents, calendarSavedDays } from '../src/modules/reminders/testing-tables.ts';
import { cartItems } from '../src/modules/shop/testing-tables.ts';
// the 公众号 stand-in of the tests, not the module's code
import { StandInWechat } from '../src/modules/wechat/testing.ts';
// the WeChat tests' app builder, not the module's code
import { useWechatApp } from '../src/modules/wechat/testing-app.ts';
import { SITE } from '../src/modules/wechat/testing-flow.ts';
import { signIn, testPhone } from './accounts.ts';
import { type AddedCourse, addCourse, grantCourseTo, storeFixtureVideo } from './ketang-fixtures.ts';
import { caseSample, sampled } from './sampling.ts';
import { type AddedProduct, addAddress, addOrderRow, addProduct } from './shop-fixtures.ts';

/**
 * Who calls. The revoked and deleted callers are VIPs — the caller every route here lets in — so their
 * 401 can only come from the revocation or deletion check, never from a missing VIP.
 */
const CALLERS = ['noToken', 'visitor', 'user', 'vip', 'expiredVip', 'revokedVip', 'deletedVip'] as const;
type CallerName = (typeof CALLERS)[number];

type Status = 200 | 302 | 401 | 403 | 404;
type Access = Record<CallerName, Status>;

/** The same answer to every caller. */
const everyone = (status: Status): Access =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Access;

/** PRODUCT.md#roles: a logged-in user, VIP or not; a visitor, a missing, revoked or deleted session → 401. */
const MEMBER: Access = {
  noToken: 401,
  visitor: 401,
  user: 200,
  vip: 200,
  expiredVip: 200,
  revokedVip: 401,
  deletedVip: 401,
};
/**
 * PRODUCT.md#vip, #roles: VIP active only while vip_expire is later than the server's now; other users → 403.
 */
const VIP_ONLY: Access = { ...MEMBER, user: 403, expiredVip: 403 };
/**
 * A buyer's own cart line, address or order: the same callers as {@link MEMBER}. Someone else's is
 * {@link OTHERS}: 404 to every logged-in caller, so an order number never tells whether it exists.
 */
const BUYER: Access = MEMBER;
const OTHERS: Access = { ...MEMBER, user: 404, vip: 404, expiredVip: 404 };
/**
 * A lesson of a paid course the caller has not bought: a visitor (or a refused token, read as a
 * visitor) is asked to log in, a logged-in user is refused.
 */
const NOT_BOUGHT: Access = { ...MEMBER, user: 403, vip: 403, expiredVip: 403 };
/**
 * Readable by anyone: clients send a token (PRODUCT.md#paths), but these routes neither need nor check one.
 */
const PUBLIC: Access = everyone(200);

/**
 * Anyone with a live session, a visitor's too: a lesson's media URL is bound to the caller's session,
 * so a caller without one (no token, or a token refused since logout or deletion) is asked for one.
 */
const ANY_SESSION: Access = { ...PUBLIC, noToken: 401, revokedVip: 401, deletedVip: 401 };

/**
 * A browser navigation anyone may make (WeChat's 网页授权): answered 302 whoever calls, since the
 * authorisation itself is what identifies the user.
 */
const NAVIGATION: Access = everyone(302);

/** The envelope `code` each status answers with (packages/contracts/src/errors.ts); a 302 has none. */
const ENVELOPE_CODE: Record<Status, 0 | null | 'Unauthorized' | 'Forbidden' | 'NotFound'> = {
  200: 0,
  302: null,
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
};

/** A small real PNG, made once in beforeAll. */
let png: Buffer;

/** Who calls a cell: the token (absent for `noToken`) and the user it names (null for a visitor). */
interface CallerSession {
  token: string | undefined;
  userId: number | null;
}

/** What a cell sends besides the method; `url` replaces the row's path (a path with the caller's ids). */
type Request = Pick<InjectOptions, 'headers' | 'payload' | 'query'> & { url?: string };
type Send = (caller: CallerSession) => Request | Promise<Request>;

/** The token in header `token` (PRODUCT.md#paths), plus a JSON body and a query string when given. */
const json =
  (body?: object, query?: Record<string, string>): Send =>
  ({ token }) => ({
    headers: token ? { token } : {},
    ...(body === undefined ? {} : { payload: body }),
    ...(query === undefined ? {} : { query }),
  });

/** A GET with the token in header `token` and `query` as its query string. */
const get = (query?: Record<string, string>): Send => json(undefined, query);

/**
 * The upload (PRODUCT.md#paths): multipart, the image in field `file`; the token in the header or in form
 * field `token`, so each way of naming the caller is a row of its own.
 */
const upload =
  (tokenIn: 'header' | 'form'): Send =>
  ({ token }) => {
    const boundary = `----matrix${randomUUID()}`;
    const field = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const payload = Buffer.concat([
      ...(token && tokenIn === 'form' ? [field('token', token)] : []),
      field('purpose', 'avatar'),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return {
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(token && tokenIn === 'header' ? { token } : {}),
      },
      payload,
    };
  };

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  send: Send;
  /** Told apart in the case name when one path has several rows. */
  variant?: string;
  /** A download: its 200 is the file itself (an attachment), not an envelope. */
  file?: boolean;
}

/** A row of {@link ROUTES}. */
const route = (
  method: Route['method'],
  path: string,
  access: Access,
  send: Send,
  variant?: string,
): Route => ({
  method,
  path,
  access,
  send,
  variant,
});

const PROFILE = { name: '示例', sex: '男', born: '公 1990-05-10 08:00' } as const;
const FORTUNE = { bazi: PROFILE, yunType: 'caiyun', date: '2026-01-15' } as const;

/** The shop's test goods and course (large stock, so every cell can order). */
let goods: AddedProduct;
let course: AddedProduct;
let keys = 0;

/** Who owns what an own-row cell touches: the caller; a visitor's or missing caller's is nobody's. */
const ownerOf = (caller: CallerSession) => caller.userId;

/** Someone who is not the caller (a fresh user), for the rows about another buyer's things. */
const stranger = async () => (await signIn(t, 'user')).userId as number;

/** A row of the caller's cart (or of nobody's, for callers without a user). */
const cartLine =
  (method: 'PATCH' | 'DELETE'): Send =>
  async (caller) => {
    const userId = ownerOf(caller);
    if (userId !== null)
      await t.database.db
        .insert(cartItems)
        .values({ userId, skuId: goods.skuId, qty: 1, addedAt: new Date() });
    return {
      ...(await json(method === 'PATCH' ? { qty: 2 } : undefined)(caller)),
      url: `/api/shop/cart/items/${goods.skuId}`,
    };
  };

/** A 收货地址 as the app sends it, without its default flag. */
const ADDRESS = {
  name: '李四',
  phone: '13900139000',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  detail: '体育西路 1 号',
};

/** An address of `whose` (the caller's or a stranger's), changed or deleted. */
const addressOf =
  (whose: 'own' | 'other', method: 'PUT' | 'DELETE'): Send =>
  async (caller) => {
    const owner = whose === 'own' ? ownerOf(caller) : await stranger();
    const id = owner === null ? 1 : await addAddress(t.database.db, owner);
    const body = { ...ADDRESS, isDefault: true };
    return { ...(await json(method === 'PUT' ? body : undefined)(caller)), url: `/api/shop/addresses/${id}` };
  };

type OrderStatus = Parameters<typeof addOrderRow>[1]['status'];

/** An order of `whose` in `status`, and the action path after its number ('' for the order itself). */
const orderOf =
  (whose: 'own' | 'other', status: OrderStatus, action: string, body?: object): Send =>
  async (caller) => {
    const owner = whose === 'own' ? ownerOf(caller) : await stranger();
    const orderNo =
      owner === null
        ? '20260115120000123456'
        : await addOrderRow(t.database.db, {
            userId: owner,
            status,
            product: goods,
            payDeadline: new Date(t.clock.now() + 600_000),
          });
    return { ...(await json(body)(caller)), url: `/api/shop/orders/${orderNo}${action}` };
  };

/**
 * The sandbox cashier's completion of a payment of `whose` order. The payment is started by its
 * owner (the caller, or a stranger) so that the attempt exists; callers without a user get made-up numbers.
 */
const sandboxCompletion =
  (whose: 'own' | 'other'): Send =>
  async (caller) => {
    const other = whose === 'other' ? await signIn(t, 'user') : null;
    const owner = other ? other.userId : ownerOf(caller);
    const payer = other ? other.token : caller.token;
    let orderNo = '20260115120000123456';
    let outTradeNo = 'XL20260115120000123456';
    if (owner !== null) {
      orderNo = await addOrderRow(t.database.db, {
        userId: owner,
        status: 'pending',
        product: goods,
        payDeadline: new Date(t.clock.now() + 600_000),
      });
      // A revoked or deleted caller's token no longer starts anything; the attempt is then a made-up one.
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/shop/orders/${orderNo}/pay`,
        headers: payer ? { token: payer } : {},
        payload: { channel: 'sandbox' },
      });
      if (started.statusCode === 200) outTradeNo = started.json().resData.outTradeNo;
    }
    return {
      ...(await json({ outTradeNo, result: 'success' })(caller)),
      url: `/api/pay/sandbox/${orderNo}/complete`,
    };
  };

/** An event or a saved 吉日 of `whose` (the caller's or a stranger's), deleted. */
const reminderOf =
  (kind: 'events' | 'saved-days', whose: 'own' | 'other'): Send =>
  async (caller) => {
    const owner = whose === 'own' ? ownerOf(caller) : await stranger();
    const createdAt = new Date(t.clock.now());
    let id = 1;
    if (owner !== null) {
      const [row] =
        kind === 'events'
          ? await t.database.db
              .insert(calendarEvents)
              .values({ userId: owner, title: '生日', date: '1990-05-10', repeat: 'yearly', createdAt })
              .returning({ id: calendarEvents.id })
          : await t.database.db
              .insert(calendarSavedDays)
              .values({ userId: owner, date: '2026-05-01', activity: '嫁娶', createdAt })
              .returning({ id: calendarSavedDays.id });
      id = row!.id;
    }
    return { ...(await json()(caller)), url: `/api/crm/calendar/${kind}/${id}` };
  };

/** A stranger's live calendar link, fetched (calendar apps send no token; the link is the key). */
const calendarFeed: Send = async (caller) => {
  const { token } = await signIn(t, 'user');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/crm/calendar/subscription',
    headers: { token },
  });
  const url = new URL(made.json().resData.url as string);
  return { ...(await get()(caller)), url: url.pathname };
};

/** A new order of one course (nothing to ship, so no address), with a key of its own. */
const newOrder: Send = (caller) => {
  keys += 1;
  return json({ items: [{ skuId: course.skuId, qty: 1 }], idempotencyKey: `matrix-order-${keys}` })(caller);
};

/** A 命例 of `whose` (the caller's or a stranger's), changed or deleted. */
const caseOf =
  (whose: 'own' | 'other', method: 'PATCH' | 'DELETE'): Send =>
  async (caller) => {
    const owner = whose === 'own' ? ownerOf(caller) : await stranger();
    let id = 1;
    if (owner !== null) {
      const at = new Date(t.clock.now());
      const [row] = await t.database.db
        .insert(mingliProfiles)
        .values({
          userId: owner,
          name: '表妹',
          sex: '女',
          born: PROFILE.born,
          group: '家人',
          searchText: '表妹\n',
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: mingliProfiles.id });
      id = row!.id;
    }
    return {
      ...(await json(method === 'PATCH' ? { note: '改备注' } : undefined)(caller)),
      url: `/api/crm/bazi/profiles/${id}`,
    };
  };

/** The classroom's test courses: a free one, and a paid one whose first lesson is a preview (试看). */
let freeCourse: AddedCourse;
let paidCourse: AddedCourse;

/** A lesson of the paid course that the caller bought (when it is a user) or did not. */
const paidLesson =
  (bought: boolean, send: (lesson: number) => Send): Send =>
  async (caller) => {
    if (bought && caller.userId !== null) await grantCourseTo(t, caller.userId, paidCourse.courseId);
    return send(paidCourse.lessonIds[1]!)(caller);
  };

/** A fresh ticket of 网页授权 for a new WeChat user, as the callback hands it to the app. */
async function wechatTicket(): Promise<string> {
  stand.current = StandInWechat.user('矩阵');
  const code = stand.issueCode();
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/wechat/oauth',
    query: { to: '/pages/user/index' },
  });
  const state = new URL(String(start.headers.location).replace('#wechat_redirect', '')).searchParams.get(
    'state',
  );
  const back = await t.app.inject({
    method: 'GET',
    url: '/api/wechat/oauth/callback',
    query: { code, state: state as string },
    headers: { cookie: String(start.headers['set-cookie']).split(';')[0] },
  });
  return new URLSearchParams(String(back.headers.location).split('?')[1]).get('wxticket') as string;
}

/**
 * Linking a phone: the caller's account is made phone-less (a WeChat account) and a code sent to a fresh
 * phone with its own session, so a user's cell links it; other callers send a made-up code.
 */
const bindPhone: Send = async (caller) => {
  const phone = testPhone();
  let code = '123456';
  if (caller.userId !== null && caller.token) {
    await t.database.db.update(users).set({ phone: null }).where(eq(users.id, caller.userId));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/sms',
      headers: { token: caller.token },
      payload: { phone },
    });
    if (sent.statusCode === 200) {
      const lines = readFileSync(join(t.config.sms.outboxDir, OUTBOX_FILE), 'utf8').trim().split('\n');
      code = JSON.parse(lines.findLast((line) => line.includes(phone)) as string).code;
    }
  }
  return json({ phone, code })(caller);
};

/** One line per route; the bodies are valid, so only authorisation decides the status. */
const ROUTES: Route[] = [
  // WeChat: the 公众号's status and JS-SDK signature are public, 网页授权 is a navigation, the ticket is
  // traded by any session (a visitor becomes a user), and the binding routes are the account's own.
  route('GET', '/api/wechat/status', PUBLIC, get()),
  route('GET', '/api/wechat/jssdk', PUBLIC, get({ url: `${SITE}/xuanli/` })),
  route('GET', '/api/wechat/oauth', NAVIGATION, get({ to: '/pages/user/index' })),
  route('GET', '/api/wechat/oauth/callback', NAVIGATION, get({ code: 'x', state: 'y' })),
  route('POST', '/api/crm/member/wechat', ANY_SESSION, async (caller) =>
    json({ ticket: await wechatTicket() })(caller),
  ),
  route('POST', '/api/crm/member/bind-phone', MEMBER, bindPhone),
  route('GET', '/api/crm/member/wechat', MEMBER, get()),
  route('POST', '/api/crm/member/wechat/unbind', MEMBER, json({})),
  route('GET', '/api/crm/member/profile', MEMBER, get()),
  route('POST', '/api/crm/member/profile', MEMBER, json({ nickname: '新名字' })),
  route('POST', '/api/crm/member/password', MEMBER, json({ password: 'abc12345' })),
  route('POST', '/api/crm/member/logout', MEMBER, json()),
  route('POST', '/api/crm/member/delete', MEMBER, json({})),
  route('GET', '/api/crm/ketang/myorder', MEMBER, get()),
  route('POST', '/api/base/upload', MEMBER, upload('header'), 'header token'),
  route('POST', '/api/base/upload', MEMBER, upload('form'), 'form token'),
  route('POST', '/api/crm/feedback', MEMBER, json({ content: '很好用', rating: 5 })),
  route('POST', '/api/app/bln.Suan/dingzhi', VIP_ONLY, json(FORTUNE)),
  // The 定制 profile is the caller's own (the session names it): any signed-in account, VIP or not.
  route('GET', '/api/app/bln.suan/dingzhi/profile', MEMBER, get()),
  route('PUT', '/api/app/bln.suan/dingzhi/profile', MEMBER, json({ ...PROFILE, yunType: 'shiye' })),
  // The case book (命例) is the caller's own: any signed-in account; another account's profile is 404.
  route('GET', '/api/crm/bazi/profiles', MEMBER, get({ q: '张', group: '家人' })),
  route('POST', '/api/crm/bazi/profiles', MEMBER, json({ ...PROFILE, group: '家人', note: '表妹' })),
  route('PATCH', '/api/crm/bazi/profiles/{id}', BUYER, caseOf('own', 'PATCH'), 'own'),
  route('PATCH', '/api/crm/bazi/profiles/{id}', OTHERS, caseOf('other', 'PATCH'), "another account's"),
  route('DELETE', '/api/crm/bazi/profiles/{id}', BUYER, caseOf('own', 'DELETE'), 'own'),
  route('DELETE', '/api/crm/bazi/profiles/{id}', OTHERS, caseOf('other', 'DELETE'), "another account's"),
  { ...route('GET', '/api/crm/bazi/profiles/export', MEMBER, get()), file: true },
  route(
    'POST',
    '/api/crm/bazi/profiles/import',
    MEMBER,
    json({ format: 'xuanli-mingli', version: 1, profiles: [{ ...PROFILE, group: '朋友' }] }),
  ),
  route('POST', '/api/crm/article/search', PUBLIC, json({ label: '节气', page: 1, size: 5 })),
  route('POST', '/api/crm/article/read', PUBLIC, json({ label: '协议', name: '用户协议' })),
  route('GET', '/api/crm/dashi', PUBLIC, get()),
  route('POST', '/api/base/sysapi/label', PUBLIC, json({ model: 'crm', name: '在线客服' })),
  route('GET', '/api/calendar/day', PUBLIC, get({ date: '2026-01-15' })),
  route('GET', '/api/calendar/holidays', PUBLIC, get()),
  route('POST', '/api/app/bln.Suan/bzdata', PUBLIC, json(PROFILE)),
  // 择日, 拼假 and 合婚 compute for anyone, a visitor or a caller without a token included.
  route(
    'GET',
    '/api/calendar/zeri',
    PUBLIC,
    get({ activity: '嫁娶', from: '2026-01-01', to: '2026-03-31', born: PROFILE.born, label: '新郎' }),
  ),
  route('GET', '/api/calendar/pinjia', PUBLIC, get({ year: '2026', leave: '3' })),
  route(
    'POST',
    '/api/app/bln.Suan/hehun',
    PUBLIC,
    json({ a: { born: PROFILE.born, sex: '男' }, b: { born: '农 1992-03-15', sex: '女' } }),
  ),
  route(
    'POST',
    '/api/app/bln.Suan/fancha',
    PUBLIC,
    json({ pillars: '庚午 辛巳 乙亥 庚辰', from: 1990, to: 1990 }),
  ),
  // The 命书 is a VIP's: a download like the case book's export, its 200 the PDF as an attachment.
  { ...route('POST', '/api/app/bln.Suan/mingshu', VIP_ONLY, json(PROFILE)), file: true },
  // The shop: the catalogue is public; cart, addresses and orders are the buyer's own.
  route('GET', '/api/shop/categories', PUBLIC, get()),
  route('GET', '/api/shop/products', PUBLIC, get()),
  route('GET', '/api/shop/products/{id}', PUBLIC, (caller) => ({
    ...get()(caller),
    url: `/api/shop/products/${goods.productId}`,
  })),
  route('GET', '/api/pay/channels', PUBLIC, get()),
  route('GET', '/api/shop/cart', MEMBER, get()),
  route('POST', '/api/shop/cart/items', MEMBER, (caller) => json({ skuId: goods.skuId, qty: 1 })(caller)),
  route('PATCH', '/api/shop/cart/items/{skuId}', BUYER, cartLine('PATCH')),
  route('DELETE', '/api/shop/cart/items/{skuId}', BUYER, cartLine('DELETE')),
  route('GET', '/api/shop/addresses', MEMBER, get()),
  route(
    'POST',
    '/api/shop/addresses',
    MEMBER,
    json({
      ...ADDRESS,
      isDefault: false,
    }),
  ),
  route('PUT', '/api/shop/addresses/{id}', BUYER, addressOf('own', 'PUT'), 'own'),
  route('PUT', '/api/shop/addresses/{id}', OTHERS, addressOf('other', 'PUT'), "another buyer's"),
  route('DELETE', '/api/shop/addresses/{id}', BUYER, addressOf('own', 'DELETE'), 'own'),
  route('DELETE', '/api/shop/addresses/{id}', OTHERS, addressOf('other', 'DELETE'), "another buyer's"),
  route('POST', '/api/shop/orders/preview', MEMBER, (caller) =>
    json({ items: [{ skuId: course.skuId, qty: 1 }] })(caller),
  ),
  route('POST', '/api/shop/orders', MEMBER, newOrder),
  route('GET', '/api/shop/orders', MEMBER, get()),
  route('GET', '/api/shop/orders/{orderNo}', BUYER, orderOf('own', 'paid', ''), 'own'),
  route('GET', '/api/shop/orders/{orderNo}', OTHERS, orderOf('other', 'paid', ''), "another buyer's"),
  route('POST', '/api/shop/orders/{orderNo}/cancel', BUYER, orderOf('own', 'pending', '/cancel', {}), 'own'),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/cancel',
    OTHERS,
    orderOf('other', 'pending', '/cancel', {}),
    "another buyer's",
  ),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/confirm',
    BUYER,
    orderOf('own', 'shipped', '/confirm', {}),
    'own',
  ),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/confirm',
    OTHERS,
    orderOf('other', 'shipped', '/confirm', {}),
    "another buyer's",
  ),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/refund',
    BUYER,
    orderOf('own', 'paid', '/refund', { reason: '不想要了' }),
    'own',
  ),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/refund',
    OTHERS,
    orderOf('other', 'paid', '/refund', { reason: '不想要了' }),
    "another buyer's",
  ),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/pay',
    BUYER,
    orderOf('own', 'pending', '/pay', { channel: 'sandbox' }),
    'own',
  ),
  route(
    'POST',
    '/api/shop/orders/{orderNo}/pay',
    OTHERS,
    orderOf('other', 'pending', '/pay', { channel: 'sandbox' }),
    "another buyer's",
  ),
  route('POST', '/api/pay/sandbox/{orderNo}/complete', BUYER, sandboxCompletion('own'), 'own'),
  route('POST', '/api/pay/sandbox/{orderNo}/complete', OTHERS, sandboxCompletion('other'), "another buyer's"),
  // Reminders: each user's own events, 吉日 and calendar link; the feed is the link's, with no login.
  route('GET', '/api/crm/calendar/events', MEMBER, get()),
  route(
    'POST',
    '/api/crm/calendar/events',
    MEMBER,
    json({ title: '妈妈生日', lunar: { month: 4, day: 8 }, repeat: 'yearly', remindDays: 3 }),
  ),
  route('DELETE', '/api/crm/calendar/events/{id}', BUYER, reminderOf('events', 'own'), 'own'),
  route('DELETE', '/api/crm/calendar/events/{id}', OTHERS, reminderOf('events', 'other'), "another user's"),
  route('GET', '/api/crm/calendar/saved-days', MEMBER, get()),
  route('POST', '/api/crm/calendar/saved-days', MEMBER, json({ date: '2026-05-01', activity: '嫁娶' })),
  route('DELETE', '/api/crm/calendar/saved-days/{id}', BUYER, reminderOf('saved-days', 'own'), 'own'),
  route(
    'DELETE',
    '/api/crm/calendar/saved-days/{id}',
    OTHERS,
    reminderOf('saved-days', 'other'),
    "another user's",
  ),
  route('GET', '/api/crm/calendar/subscription', MEMBER, get()),
  route('POST', '/api/crm/calendar/subscription', MEMBER, json({ festivals: { buddhist: true } })),
  route('PUT', '/api/crm/calendar/subscription', MEMBER, json({ festivals: { taoist: true } })),
  route('DELETE', '/api/crm/calendar/subscription', MEMBER, json()),
  route('GET', '/api/calendar/feed/{file}', PUBLIC, calendarFeed),
  // The classroom: browsing is public; a lesson plays for anyone with a session when free or a preview,
  // else for buyers.
  route('GET', '/api/crm/ketang/categories', PUBLIC, get()),
  route('GET', '/api/crm/ketang/list', PUBLIC, get({ keyword: '测试' })),
  route('GET', '/api/crm/ketang/show', PUBLIC, (caller) => get({ id: paidCourse.courseId })(caller)),
  route('GET', '/api/crm/ketang/kejian', PUBLIC, get()),
  route('GET', '/api/crm/ketang/lessons-by-tag', PUBLIC, get({ tag: '七杀' })),
  route('GET', '/api/crm/ketang/reviews', PUBLIC, (caller) => get({ id: paidCourse.courseId })(caller)),
  route(
    'GET',
    '/api/crm/ketang/play',
    ANY_SESSION,
    (caller) => get({ lesson: String(freeCourse.lessonIds[1]) })(caller),
    'free course',
  ),
  route(
    'GET',
    '/api/crm/ketang/play',
    ANY_SESSION,
    (caller) => get({ lesson: String(paidCourse.lessonIds[0]) })(caller),
    'preview lesson',
  ),
  route(
    'GET',
    '/api/crm/ketang/play',
    BUYER,
    paidLesson(true, (lesson) => get({ lesson: String(lesson) })),
    'bought lesson',
  ),
  route(
    'GET',
    '/api/crm/ketang/play',
    NOT_BOUGHT,
    paidLesson(false, (lesson) => get({ lesson: String(lesson) })),
    'lesson not bought',
  ),
  route(
    'POST',
    '/api/crm/ketang/progress',
    BUYER,
    paidLesson(true, (lesson) => json({ lesson, position: 12 })),
    'bought lesson',
  ),
  route(
    'POST',
    '/api/crm/ketang/progress',
    NOT_BOUGHT,
    paidLesson(false, (lesson) => json({ lesson, position: 12 })),
    'lesson not bought',
  ),
  route(
    'POST',
    '/api/crm/ketang/review',
    BUYER,
    paidLesson(true, () => json({ id: paidCourse.courseId, rating: 5, comment: '很好' })),
    'bought course',
  ),
  route(
    'POST',
    '/api/crm/ketang/review',
    NOT_BOUGHT,
    paidLesson(false, () => json({ id: paidCourse.courseId, rating: 5 })),
    'course not bought',
  ),
];

/**
 * Secured routes that are deliberately not member routes: a visitor's session is enough, because a
 * visitor calls them to look at or end the session, or to become a user (sms, login).
 */
const SESSION_ONLY = [
  'GET /api/base/session',
  'POST /api/base/logout',
  'POST /api/crm/member/sms',
  'POST /api/crm/member/login',
];

const { t, stand } = useWechatApp();

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#672f0d' } })
    .png()
    .toBuffer();
  goods = await addProduct(t.database.db, { skus: [{ price: 12800, stock: 100_000 }] });
  course = await addProduct(t.database.db, { kind: 'course', skus: [{ price: 19900, stock: 100_000 }] });
  await storeFixtureVideo(t);
  freeCourse = await addCourse(t, { free: true, title: '测试免费课' });
  paidCourse = await addCourse(t, { title: '测试付费课', lessons: [{ free: true }, {}] });
});

/** A VIP's session after POST `url` (logout or delete) answered 200 for it. */
async function vipAfter(url: string): Promise<CallerSession> {
  const { token, userId } = await signIn(t, 'vip');
  const res = await t.app.inject({ method: 'POST', url, headers: { token }, payload: {} });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return { token, userId };
}

/** A fresh caller of this kind: its token (undefined for `noToken`) and its user. */
async function callerOf(caller: CallerName): Promise<CallerSession> {
  switch (caller) {
    case 'noToken':
      return { token: undefined, userId: null };
    case 'revokedVip':
      return vipAfter('/api/crm/member/logout');
    case 'deletedVip':
      return vipAfter('/api/crm/member/delete');
    default:
      return signIn(t, caller);
  }
}

const routeName = (route: Route) =>
  `${route.method} ${route.path}${route.variant ? ` (${route.variant})` : ''}`;

const ALL_CASES = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => ({ caller, route, name: routeName(route), status: route.access[caller] })),
);

/**
 * Every cell in a full run (the PostgreSQL pass of `npm test`); otherwise every third (test/sampling.ts).
 * Three is prime to the number of callers, so every route is still called (by two or three of its
 * callers, a different two or three on the next route) and each caller meets a third of the routes.
 */
const SAMPLE = caseSample('authorization-matrix', 3);
const CASES = sampled(ALL_CASES, SAMPLE);

describe(`authorisation matrix: caller × route → status (${SAMPLE.label})`, () => {
  it.each(CASES)('$caller × $name → $status', async ({ caller, route, status }) => {
    const request = await route.send(await callerOf(caller));
    const res = await t.app.inject({ method: route.method, url: route.path, ...request });
    // A download's 200 is the file, an attachment; a subscribed calendar's 200 is the calendar itself,
    // with no envelope; a redirect (WeChat's 网页授权) has no body; their refusals are envelopes like
    // any other.
    const file =
      res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json');
    const code =
      res.statusCode === 302
        ? null
        : route.file && res.statusCode === 200
          ? res.headers['content-disposition']?.slice(0, 10)
          : file
            ? 0
            : res.json().code;
    expect({ status: res.statusCode, code }, res.body.slice(0, 300)).toEqual({
      status,
      code: route.file && status === 200 ? 'attachment' : ENVELOPE_CODE[status],
    });
    if (status === 302) expect(res.headers.location).toBeTruthy();
  });

  it('has a row for every route that takes a token, except the session routes a visitor may call', () => {
    const documented = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    // The console's routes (operators, not app callers) have their matrix in authorization-matrix-admin.test.ts.
    const appPaths = Object.entries(documented.paths).filter(([path]) => !path.startsWith('/api/admin/'));
    const secured = appPaths.flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.security?.length ?? 0) > 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`.toLowerCase()),
    );
    const covered = new Set(
      [...ROUTES.map((route) => `${route.method} ${route.path}`), ...SESSION_ONLY].map((name) =>
        name.toLowerCase(),
      ),
    );
    expect(secured.length).toBeGreaterThan(SESSION_ONLY.length);
    expect(secured.filter((name) => !covered.has(name))).toEqual([]);
  });
});
