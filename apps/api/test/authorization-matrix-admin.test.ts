/**
 * The authorisation matrix of the operators' console: every caller × every `/api/admin/…` route → the
 * status it must get. App callers (no token, a visitor, a logged-in app user whose token is sent both
 * as `token` and as a bearer) and console logins that ended (logged out, operator disabled) get 401;
 * each operator role gets 200 where its area admits it and 403 elsewhere. Each cell sends a valid
 * request with a caller of its own, so only authorisation decides the status. A console route
 * missing from ROUTES fails the last test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_AREA_ROLES, type AdminArea, type AdminRole } from '@xuanli/contracts/admin-labels';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/member/testing-tables.ts';
import { payFindings } from '../src/modules/pay/testing-tables.ts';
import { signIn, testPhone } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';
import { multipartForm } from './multipart.ts';
import { enrolTotp, totpNow } from './operator-totp.ts';
import { addTestOperator, OPERATOR_PASSWORD, signInOperator, testUsername } from './operators.ts';
import { caseSample, sampled } from './sampling.ts';
import { newBuyer, payInSandbox, placeOrder } from './shop-buyer.ts';
import { addProduct } from './shop-fixtures.ts';

const CALLERS = [
  'noToken',
  'visitor',
  'appUser',
  'loggedOut',
  'disabled',
  'admin',
  'editor',
  'support',
] as const;
type CallerName = (typeof CALLERS)[number];
type Status = 200 | 401 | 403;
type Access = Record<CallerName, Status>;

/** App callers and ended console logins: 401 on every console route. */
const OUTSIDERS = { noToken: 401, visitor: 401, appUser: 401, loggedOut: 401, disabled: 401 } as const;

/** Any operator role. */
const ANY_OPERATOR: Access = { ...OUTSIDERS, admin: 200, editor: 200, support: 200 };

/** The roles of a console area (admin-labels.ts ADMIN_AREA_ROLES): 200 for them, 403 for the others. */
function area(name: AdminArea): Access {
  const allowed = ADMIN_AREA_ROLES[name] as readonly AdminRole[];
  const status = (role: AdminRole): Status => (allowed.includes(role) ? 200 : 403);
  return { ...OUTSIDERS, admin: status('admin'), editor: status('editor'), support: status('support') };
}

const ENVELOPE_CODE: Record<Status, 0 | 'Unauthorized' | 'Forbidden'> = {
  200: 0,
  401: 'Unauthorized',
  403: 'Forbidden',
};

/** Who calls a cell: the headers that carry its token (none for `noToken`). */
interface Caller {
  headers: Record<string, string>;
  /** The bearer token of an operator caller, for cells that first set something up as that caller. */
  jwt?: string;
}

type Request = Pick<InjectOptions, 'payload' | 'query'> & { url?: string; headers?: Record<string, string> };
type Send = (caller: Caller) => Request | Promise<Request>;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  send: Send;
}

let t: TestApp;

const route = (method: Route['method'], path: string, access: Access, send: Send = () => ({})): Route => ({
  method,
  path,
  access,
  send,
});

/** A fresh app user with a phone, for the cells that change a user. */
const someUser = () => signIn(t, 'user', testPhone());

/** A fresh app user whose account is banned (written as a ban leaves it), for the cells that lift a ban. */
async function someBannedUser(): Promise<number> {
  const { userId } = await someUser();
  await t.database.db
    .update(users)
    .set({ bannedAt: new Date(t.clock.now()), banReason: '矩阵测试' })
    .where(eq(users.id, userId!));
  return userId!;
}

/** A fresh operator to act on (disable, change the role of). */
const someOperator = () => addTestOperator(t, 'support');

/** The TOTP secret a caller enrols (through the API, as itself); undefined for a caller that cannot. */
async function enrolled(caller: Caller): Promise<string | undefined> {
  if (!caller.jwt) return undefined;
  const res = await enrolTotp(t, caller.headers);
  return res.statusCode === 200 ? (res.json().resData.secret as string) : undefined;
}

const codeOf = (secret: string | undefined, offset = 0) => (secret ? totpNow(t, secret, offset) : '123456');

/** A master's fields, valid for adding or changing one. */
const MASTER = { avatar: '', nickname: '矩阵师傅', intro: '', wx: '', qrcode: '', sort: 9, active: true };
let sellids = 5000;
/** A sellid of its own for each cell that adds a master. */
const nextSellid = () => ++sellids;

let articleCount = 0;
/** A new article body of its own for each cell. */
const articleBody = () => {
  articleCount += 1;
  return { label: '帮助', name: `矩阵测试${articleCount}`, title: '矩阵测试', html: '<p>正文</p>' };
};

/** A fresh draft article's id, made by an editor. */
async function someArticle(): Promise<number> {
  const maker = await signInOperator(t, 'editor');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/articles',
    headers: maker.headers,
    payload: articleBody(),
  });
  if (res.statusCode !== 200) throw new Error(`article create: ${res.body}`);
  return res.json().resData.id as number;
}

let holidayDays = 0;
/** A date of its own for each cell (2030, days 1…). */
const nextHolidayDate = () => {
  holidayDays += 1;
  const date = new Date(Date.UTC(2030, 0, holidayDays));
  return date.toISOString().slice(0, 10);
};

// Courses: what a cell acts on is made first by an editor of its own through the console's API.
const SAMPLE_MEDIA_DIR = join(import.meta.dirname, 'media');
const DEMO_VIDEO = readFileSync(join(SAMPLE_MEDIA_DIR, 'bazi-ganzhi.mp4'));
let matrixCourses = 0;
/** `POST` as `editor` (default: a fresh one); throws unless 200. */
async function asEditor(
  url: string,
  payload?: object,
  method: 'POST' | 'PUT' = 'POST',
  raw?: Buffer,
  as?: { headers: Record<string, string> },
) {
  const editor = as ?? (await signInOperator(t, 'editor'));
  const res = await t.app.inject({
    method,
    url,
    headers: raw ? { ...editor.headers, 'content-type': 'application/octet-stream' } : editor.headers,
    payload: raw ?? payload,
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json().resData;
}
/**
 * An upload of the demo video, just started or with all chunks sent. An upload is its operator's
 * only, so it is started by the cell's caller when the caller may upload (admin, editor), and by a
 * fresh editor otherwise (the caller is refused before ownership matters).
 */
async function someUpload(state: 'started' | 'sent', caller?: Caller): Promise<string> {
  const declared = {
    filename: 'demo.mp4',
    size: DEMO_VIDEO.length,
    contentType: 'video/mp4',
    purpose: 'video',
  };
  const own = caller?.jwt
    ? await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: caller.headers,
        payload: declared,
      })
    : undefined;
  if (own?.statusCode === 200) {
    const { id } = own.json().resData as { id: string };
    if (state === 'sent') {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/uploads/${id}/chunks/0`,
        headers: { ...caller!.headers, 'content-type': 'application/octet-stream' },
        payload: DEMO_VIDEO,
      });
      if (put.statusCode !== 200) throw new Error(`chunk: ${put.body}`);
    }
    return id;
  }
  const editor = await signInOperator(t, 'editor');
  const { id } = await asEditor('/api/admin/uploads', declared, 'POST', undefined, editor);
  if (state === 'sent')
    await asEditor(`/api/admin/uploads/${id}/chunks/0`, undefined, 'PUT', DEMO_VIDEO, editor);
  return id;
}
async function someVideoKey(): Promise<string> {
  const editor = await signInOperator(t, 'editor');
  const id = await someUpload('sent', editor);
  return (await asEditor(`/api/admin/uploads/${id}/complete`, undefined, 'POST', undefined, editor)).key;
}
async function somePdfKey(): Promise<string> {
  const pdf = readFileSync(join(SAMPLE_MEDIA_DIR, 'jieqi-2027.pdf'));
  const editor = await signInOperator(t, 'editor');
  const { id } = await asEditor(
    '/api/admin/uploads',
    { filename: 'a.pdf', size: pdf.length, contentType: 'application/pdf', purpose: 'courseware' },
    'POST',
    undefined,
    editor,
  );
  await asEditor(`/api/admin/uploads/${id}/chunks/0`, undefined, 'PUT', pdf, editor);
  return (await asEditor(`/api/admin/uploads/${id}/complete`, undefined, 'POST', undefined, editor)).key;
}
const courseBody = () => ({ title: '矩阵课程', teacherSellid: 1, categoryId: 1, intro: '<p>测试</p>' });
const nextCourseId = () => {
  matrixCourses += 1;
  return `matrix-${process.pid}-${matrixCourses}`;
};
async function someCourse(): Promise<string> {
  const id = nextCourseId();
  await asEditor('/api/admin/courses', { id, ...courseBody() });
  return id;
}
async function someLesson(): Promise<{ courseId: string; lessonId: number }> {
  const courseId = await someCourse();
  const course = await asEditor(`/api/admin/courses/${courseId}/lessons`, {
    title: '第一课',
    video: await someVideoKey(),
  });
  return { courseId, lessonId: course.lessons[0].id };
}

/** A product form the catalogue routes accept, in the first category. */
function productForm() {
  return {
    kind: 'goods',
    categoryId: 1,
    title: '矩阵测试商品',
    subtitle: '',
    cover: '/api/files/console/images/2026/matrix.webp',
    images: [],
    description: '<p>矩阵测试</p>',
    originalPrice: null,
    courseId: null,
    sellid: null,
    sort: 0,
  };
}

/** A goods order a fresh buyer made and paid through the sandbox; `refundAsked` leaves it refunding. */
async function paidOrder(refundAsked = false): Promise<string> {
  const buyer = await newBuyer(t);
  const product = await addProduct(t.database.db, { skus: [{ price: 9_900, stock: 5 }] });
  const { orderNo } = await placeOrder(t, buyer, [{ skuId: product.skuId, qty: 1 }]);
  await payInSandbox(t, buyer, orderNo);
  if (refundAsked) {
    await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${orderNo}/refund`,
      headers: { token: buyer.token },
      payload: { reason: '矩阵测试' },
    });
  }
  return orderNo;
}

let matrixFindings = 0;
/** A fresh open reconciliation finding's id (as the reconciliation job records one). */
async function someFinding(): Promise<number> {
  matrixFindings += 1;
  const [row] = await t.database.db
    .insert(payFindings)
    .values({
      orderNo: '20260115120000000001',
      outTradeNo: `20260115120000000001P${String(matrixFindings).padStart(6, '0')}`,
      channel: 'sandbox',
      kind: 'paid-without-callback',
      detail: '矩阵测试',
      foundAt: new Date(t.clock.now()),
    })
    .returning({ id: payFindings.id });
  return row.id;
}

const ROUTES: Route[] = [
  route('POST', '/api/admin/logout', ANY_OPERATOR),
  route('GET', '/api/admin/me', ANY_OPERATOR),
  route('POST', '/api/admin/me/password', ANY_OPERATOR, () => ({
    payload: { oldPassword: OPERATOR_PASSWORD, password: 'another-password-9' },
  })),
  route('POST', '/api/admin/me/totp/enrol', ANY_OPERATOR),
  route('POST', '/api/admin/me/totp/confirm', ANY_OPERATOR, async (caller) => ({
    payload: { code: codeOf(await enrolled(caller)) },
  })),
  route('POST', '/api/admin/me/totp/disable', ANY_OPERATOR, async (caller) => {
    const secret = await enrolled(caller);
    if (secret) {
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/me/totp/confirm',
        headers: caller.headers,
        payload: { code: codeOf(secret) },
      });
    }
    // The confirming code's step is spent; the next step's code is current within the window.
    return { payload: { code: codeOf(secret, 1) } };
  }),
  route('GET', '/api/admin/users', area('users'), () => ({ query: { q: '139' } })),
  route('GET', '/api/admin/users/{id}', area('users'), async () => ({
    url: `/api/admin/users/${(await someUser()).userId}`,
  })),
  route('POST', '/api/admin/users/vip', area('users'), async () => {
    const phone = testPhone();
    await signIn(t, 'user', phone);
    return { payload: { phone, days: 30, reason: '矩阵测试' } };
  }),
  route('POST', '/api/admin/users/vip/revoke', area('users'), async () => {
    const phone = testPhone();
    await signIn(t, 'vip', phone);
    return { payload: { phone, reason: '矩阵测试' } };
  }),
  route('POST', '/api/admin/users/sessions/revoke', area('users'), async () => ({
    payload: { userId: (await someUser()).userId, reason: '矩阵测试' },
  })),
  route('POST', '/api/admin/users/ban', area('users'), async () => ({
    payload: { userId: (await someUser()).userId, reason: '矩阵测试' },
  })),
  route('POST', '/api/admin/users/unban', area('users'), async () => ({
    payload: { userId: await someBannedUser(), reason: '矩阵测试' },
  })),
  route('GET', '/api/admin/operators', area('operators')),
  route('POST', '/api/admin/operators', area('operators'), () => ({
    payload: {
      username: testUsername('added'),
      displayName: '新同事',
      role: 'editor',
      password: 'first-password-1',
    },
  })),
  route('POST', '/api/admin/operators/{id}/disable', area('operators'), async () => ({
    url: `/api/admin/operators/${(await someOperator()).id}/disable`,
    payload: { reason: '矩阵测试' },
  })),
  route('POST', '/api/admin/operators/{id}/role', area('operators'), async () => ({
    url: `/api/admin/operators/${(await someOperator()).id}/role`,
    payload: { role: 'editor' },
  })),
  route('GET', '/api/admin/holidays', area('holidays'), () => ({ query: { year: '2030' } })),
  route('POST', '/api/admin/holidays', area('holidays'), () => ({
    payload: { date: nextHolidayDate(), name: '测试假日', offDay: true, notice: '矩阵测试通知' },
  })),
  route('DELETE', '/api/admin/holidays', area('holidays'), async () => {
    const date = nextHolidayDate();
    const maker = await signInOperator(t, 'editor');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/holidays',
      headers: maker.headers,
      payload: { date, name: '测试假日', offDay: true, notice: '矩阵测试通知' },
    });
    if (saved.statusCode !== 200) throw new Error(`holiday save: ${saved.body}`);
    return { query: { date } };
  }),
  route('GET', '/api/admin/audit', area('audit'), () => ({ query: { action: 'vip.grant' } })),
  route('GET', '/api/admin/dashboard', area('dashboard')),
  route('GET', '/api/admin/dashboard/trends', area('dashboard')),
  // Who renews VIPs sees who is about to lapse: the users area's roles.
  route('GET', '/api/admin/dashboard/expiring-vips', area('users')),
  // How the server is set up (payments, SMS) is the admin's.
  route('GET', '/api/admin/dashboard/setup', { ...OUTSIDERS, admin: 200, editor: 403, support: 403 }),
  route('GET', '/api/admin/catalogue/categories', area('catalogue')),
  route('GET', '/api/admin/catalogue/products', area('catalogue'), () => ({ query: { onShelf: 'true' } })),
  route('POST', '/api/admin/catalogue/products', area('catalogue'), () => ({ payload: productForm() })),
  route('GET', '/api/admin/catalogue/products/{id}', area('catalogue'), async () => ({
    url: `/api/admin/catalogue/products/${(await addProduct(t.database.db)).productId}`,
  })),
  route('POST', '/api/admin/catalogue/products/{id}', area('catalogue'), async () => ({
    url: `/api/admin/catalogue/products/${(await addProduct(t.database.db)).productId}`,
    payload: productForm(),
  })),
  route('POST', '/api/admin/catalogue/products/{id}/shelf', area('catalogue'), async () => ({
    url: `/api/admin/catalogue/products/${(await addProduct(t.database.db, { onShelf: false })).productId}/shelf`,
    payload: { onShelf: true },
  })),
  route('POST', '/api/admin/catalogue/products/{id}/skus', area('catalogue'), async () => ({
    url: `/api/admin/catalogue/products/${(await addProduct(t.database.db)).productId}/skus`,
    payload: { title: '大号', spec: { 尺寸: '大号' }, image: '', price: 990, stock: 3, sort: 1 },
  })),
  route('POST', '/api/admin/catalogue/skus/{id}', area('catalogue'), async () => ({
    url: `/api/admin/catalogue/skus/${(await addProduct(t.database.db)).skuId}`,
    payload: { title: '默认', spec: {}, image: '', price: 1_200, sort: 0 },
  })),
  route('POST', '/api/admin/catalogue/skus/{id}/stock', area('catalogue'), async () => ({
    url: `/api/admin/catalogue/skus/${(await addProduct(t.database.db)).skuId}/stock`,
    payload: { stock: 20, reason: '矩阵测试' },
  })),
  route('GET', '/api/admin/orders', area('orders'), () => ({ query: { status: 'paid' } })),
  route('GET', '/api/admin/orders/{orderNo}', area('orders'), async () => ({
    url: `/api/admin/orders/${await paidOrder()}`,
  })),
  route('POST', '/api/admin/orders/{orderNo}/ship', area('orders'), async () => ({
    url: `/api/admin/orders/${await paidOrder()}/ship`,
    payload: { carrier: '顺丰速运', trackingNo: 'SF1234567890' },
  })),
  route('POST', '/api/admin/orders/{orderNo}/refund', area('orders'), async () => ({
    url: `/api/admin/orders/${await paidOrder()}/refund`,
    payload: { amount: 100, reason: '矩阵测试' },
  })),
  route('POST', '/api/admin/orders/{orderNo}/refund-reject', area('orders'), async () => ({
    url: `/api/admin/orders/${await paidOrder(true)}/refund-reject`,
    payload: { reason: '矩阵测试' },
  })),
  route('GET', '/api/admin/pay-findings', area('orders'), () => ({ query: { status: 'open' } })),
  route('POST', '/api/admin/pay-findings/{id}/resolve', area('orders'), async () => ({
    url: `/api/admin/pay-findings/${await someFinding()}/resolve`,
    payload: { note: '矩阵测试' },
  })),
  route('GET', '/api/admin/articles', area('content'), () => ({ query: { label: '协议' } })),
  route('GET', '/api/admin/articles/labels', area('content')),
  route('POST', '/api/admin/articles/preview', area('content'), () => ({ payload: { html: '<p>预览</p>' } })),
  route('GET', '/api/admin/articles/{id}', area('content'), async () => ({
    url: `/api/admin/articles/${await someArticle()}`,
  })),
  route('POST', '/api/admin/articles', area('content'), () => ({ payload: articleBody() })),
  route('POST', '/api/admin/articles/{id}', area('content'), async () => ({
    url: `/api/admin/articles/${await someArticle()}`,
    payload: articleBody(),
  })),
  route('POST', '/api/admin/articles/{id}/publish', area('content'), async () => ({
    url: `/api/admin/articles/${await someArticle()}/publish`,
  })),
  route('POST', '/api/admin/articles/{id}/unpublish', area('content'), async () => ({
    url: `/api/admin/articles/${await someArticle()}/unpublish`,
  })),
  route('DELETE', '/api/admin/articles/{id}', area('content'), async () => ({
    url: `/api/admin/articles/${await someArticle()}`,
  })),
  route('GET', '/api/admin/readings', area('content'), () => ({ query: { group: 'daymaster' } })),
  route('POST', '/api/admin/readings', area('content'), () => ({
    payload: { key: 'shensha:天乙贵人', title: '天乙贵人', body: '矩阵测试改写的解读。' },
  })),
  route('GET', '/api/admin/masters', area('content')),
  route('POST', '/api/admin/masters', area('content'), () => ({
    payload: { sellid: nextSellid(), ...MASTER },
  })),
  route('POST', '/api/admin/masters/{sellid}', area('content'), () => ({
    url: '/api/admin/masters/1',
    payload: MASTER,
  })),
  route('GET', '/api/admin/customer-service', area('content')),
  route('POST', '/api/admin/customer-service', area('content'), () => ({
    payload: { avatar: '', nickname: '玄历客服', intro: '矩阵测试', wx: '', qrcode: '', body: '矩阵测试' },
  })),
  // Uploaders: the roles of the content, courses and catalogue areas (admin and editor).
  route('POST', '/api/admin/images', area('content'), async () =>
    multipartForm([
      {
        name: 'file',
        filename: 'a.png',
        type: 'image/png',
        data: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      },
    ]),
  ),
  route('POST', '/api/admin/uploads', area('courses'), () => ({
    payload: { filename: 'a.mp4', size: 1000, contentType: 'video/mp4', purpose: 'video' },
  })),
  // Each cell's upload is its caller's own where the caller may upload (uploads are per operator).
  route('GET', '/api/admin/uploads/{id}', area('courses'), async (caller) => ({
    url: `/api/admin/uploads/${await someUpload('started', caller)}`,
  })),
  route('PUT', '/api/admin/uploads/{id}/chunks/{index}', area('courses'), async (caller) => ({
    url: `/api/admin/uploads/${await someUpload('started', caller)}/chunks/0`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: DEMO_VIDEO,
  })),
  route('POST', '/api/admin/uploads/{id}/complete', area('courses'), async (caller) => ({
    url: `/api/admin/uploads/${await someUpload('sent', caller)}/complete`,
  })),
  route('GET', '/api/admin/courses', area('courses'), () => ({ query: { q: '八字' } })),
  route('GET', '/api/admin/course-options', area('courses')),
  route('GET', '/api/admin/courses/{id}', area('courses'), () => ({ url: '/api/admin/courses/bazi-rumen' })),
  route('POST', '/api/admin/courses', area('courses'), () => ({
    payload: { id: nextCourseId(), ...courseBody() },
  })),
  route('POST', '/api/admin/courses/{id}', area('courses'), async () => ({
    url: `/api/admin/courses/${await someCourse()}`,
    payload: courseBody(),
  })),
  route('POST', '/api/admin/courses/{id}/publish', area('courses'), async () => ({
    url: `/api/admin/courses/${(await someLesson()).courseId}/publish`,
    payload: { published: true },
  })),
  route('POST', '/api/admin/courses/{id}/lessons', area('courses'), async () => ({
    url: `/api/admin/courses/${await someCourse()}/lessons`,
    payload: { title: '新课时', video: await someVideoKey(), free: true },
  })),
  route('POST', '/api/admin/courses/{id}/lessons/order', area('courses'), async () => {
    const { courseId, lessonId } = await someLesson();
    return { url: `/api/admin/courses/${courseId}/lessons/order`, payload: { lessonIds: [lessonId] } };
  }),
  route('POST', '/api/admin/lessons/{lessonId}', area('courses'), async () => {
    const { lessonId } = await someLesson();
    // A video a lesson already plays may be reused without uploading it again.
    const video = (
      await asEditor(`/api/admin/courses/${(await someLesson()).courseId}/lessons`, {
        title: '第二课',
        video: await someVideoKey(),
      })
    ).lessons[1].video;
    return { url: `/api/admin/lessons/${lessonId}`, payload: { title: '改名', video } };
  }),
  route('DELETE', '/api/admin/lessons/{lessonId}', area('courses'), async () => ({
    url: `/api/admin/lessons/${(await someLesson()).lessonId}`,
  })),
  route('POST', '/api/admin/courses/{id}/courseware', area('courses'), async () => ({
    url: `/api/admin/courses/${await someCourse()}/courseware`,
    payload: { title: '矩阵课件', file: await somePdfKey() },
  })),
  route('DELETE', '/api/admin/courseware/{coursewareId}', area('courses'), async () => {
    const courseId = await someCourse();
    const course = await asEditor(`/api/admin/courses/${courseId}/courseware`, {
      title: '矩阵课件',
      file: await somePdfKey(),
    });
    return { url: `/api/admin/courseware/${course.courseware[0].id}` };
  }),
];

/** A fresh caller of this kind. */
async function callerOf(name: CallerName): Promise<Caller> {
  switch (name) {
    case 'noToken':
      return { headers: {} };
    case 'visitor':
      return { headers: { token: (await signIn(t, 'visitor')).token } };
    case 'appUser': {
      const { token } = await signIn(t, 'vip');
      return { headers: { token, authorization: `Bearer ${token}` } };
    }
    case 'loggedOut': {
      const op = await signInOperator(t, 'admin');
      const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: op.headers });
      if (out.statusCode !== 200) throw new Error(`logout: ${out.body}`);
      return { headers: op.headers };
    }
    case 'disabled': {
      const op = await signInOperator(t, 'admin');
      const by = await signInOperator(t, 'admin');
      const off = await t.app.inject({
        method: 'POST',
        url: `/api/admin/operators/${op.id}/disable`,
        headers: by.headers,
        payload: {},
      });
      if (off.statusCode !== 200) throw new Error(`disable: ${off.body}`);
      return { headers: op.headers };
    }
    default: {
      const op = await signInOperator(t, name);
      return { headers: op.headers, jwt: op.jwt };
    }
  }
}

const ALL_CASES = ROUTES.flatMap((row) =>
  CALLERS.map((caller) => ({ caller, row, name: `${row.method} ${row.path}`, status: row.access[caller] })),
);

/**
 * Every cell in a full run (the PostgreSQL pass of `npm test`); otherwise every third (test/sampling.ts).
 * Three is prime to the number of callers, so every route is still called (by two or three of its
 * callers, a different two or three on the next route) and each caller meets a third of the routes.
 */
const SAMPLE = caseSample('authorization-matrix-admin', 3);
const CASES = sampled(ALL_CASES, SAMPLE);

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe(`console authorisation matrix: caller × route → status (${SAMPLE.label})`, () => {
  it.each(CASES)('$caller × $name → $status', async ({ caller, row, status }) => {
    const who = await callerOf(caller);
    const { url, headers, ...request } = await row.send(who);
    const res = await t.app.inject({
      method: row.method,
      url: url ?? row.path,
      headers: { ...headers, ...who.headers },
      ...request,
    });
    expect({ status: res.statusCode, code: res.json().code }, res.body.slice(0, 300)).toEqual({
      status,
      code: ENVELOPE_CODE[status],
    });
  });

  it('has a row for every console route but login, each documented with its bearer security', () => {
    const documented = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[]; tags?: string[] }>>;
    };
    const console = Object.entries(documented.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          name: `${method.toUpperCase()} ${path}`,
          operation,
        })),
      );
    const covered = new Set(ROUTES.map((row) => `${row.method} ${row.path}`));
    const names = console.map((entry) => entry.name).filter((name) => name !== 'POST /api/admin/login');
    expect(names.length).toBe(ROUTES.length);
    expect(names.filter((name) => !covered.has(name))).toEqual([]);
    for (const { name, operation } of console) {
      expect(operation.tags, name).toEqual(['admin']);
      if (name === 'POST /api/admin/login') expect(operation.security, name).toBeUndefined();
      else expect(operation.security, name).toEqual([{ adminBearer: [] }]);
    }
  });
});
