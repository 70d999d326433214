/**
 * The scripted clients of the check: visitors reading the calendar, charts, the shop and lessons, and
 * buyers who log in by SMS, fill a cart, order, pay at the sandbox cashier and keep the order numbers
 * whose payment the server confirmed. Each client comes from a loopback address of its own and moves
 * to a fresh one (a new phone) before any per-address budget of the API could refuse it.
 *
 * Clients retry the way the app does: an order with the same idempotency key, a payment completion as
 * it is (the server treats a repeat as a repeat); a login that failed starts over with a new phone.
 */
import { randomBytes } from 'node:crypto';
import { sleep } from '../procs.ts';
import { type Answer, clientAddress, HttpClient, jsonOf, NetworkError, type RequestOptions } from './http.ts';
import type { OutboxReader } from './outbox.ts';
import { kindOf, type Recorder } from './recorder.ts';

/** Requests one visitor address makes before moving on (the general budget is 300 a minute). */
const REQUESTS_PER_ADDRESS = 200;
/** Orders one buyer places before a new phone logs in (spreads the buyers' own limits). */
const ORDERS_PER_BUYER = 5;

/** What the clients buy and play, found before the load starts. */
export interface Catalogue {
  productIds: number[];
  /** Goods SKUs with more stock than the run can sell. */
  plentiful: number[];
  /** A goods SKU with few pieces: the run sells it out, and later orders are told OutOfStock. */
  scarce: number;
  /** Lessons anyone may play (free courses, 试看). */
  lessons: number[];
  /** A hashed asset of the web build, served by nginx itself. */
  asset: string;
}

/** A payment the server confirmed to its buyer: the order must be paid in the database. */
export interface Confirmed {
  orderNo: string;
  skuId: number;
  qty: number;
}

/** A logged-in buyer, kept for the cancellation of unpaid orders after the load. */
export interface BuyerSession {
  address: string;
  jwt: string;
}

/** Shared state of the load. */
export class LoadState {
  readonly confirmed: Confirmed[] = [];
  readonly buyers: BuyerSession[] = [];
  private addresses = 0;
  private phones = 0;
  private readonly phonePrefix: string;

  constructor() {
    // A run's phones differ from another run's on the same database (139 + 2 random + 6 counted).
    this.phonePrefix = `139${String(randomBytes(1)[0] % 100).padStart(2, '0')}`;
  }

  nextAddress(): string {
    return clientAddress(this.addresses++);
  }

  nextPhone(): string {
    return `${this.phonePrefix}${String(this.phones++).padStart(6, '0')}`;
  }
}

/** Everything a client needs. */
export interface LoadContext {
  entry: string;
  recorder: Recorder;
  outbox: OutboxReader;
  catalogue: Catalogue;
  state: LoadState;
  /** Average pause between a client's requests (uniform 0–2×). */
  thinkMs: number;
  /** Whether the load still runs. */
  running(): boolean;
}

/** An answer with its envelope, or none (no answer came). */
interface Reply {
  answer?: Answer;
  json?: Record<string, unknown>;
}

/** One request, recorded under `route`. */
async function call(
  ctx: LoadContext,
  client: HttpClient,
  route: string,
  path: string,
  options?: RequestOptions,
  retry = false,
) {
  const started = ctx.recorder.elapsed();
  try {
    const answer = await client.send(path, options);
    const json = answer.headers['content-type']?.includes('json') ? jsonOf(answer) : undefined;
    ctx.recorder.record(route, started, answer.status, kindOf(answer.status, json?.code), retry);
    return { answer, json } satisfies Reply;
  } catch (error) {
    const kind = error instanceof NetworkError ? `net ${error.kind}` : 'net';
    ctx.recorder.record(route, started, 0, kind, retry);
    return {} satisfies Reply;
  }
}

/** Whether a reply is worth retrying: no answer, or a 5xx. */
function retryable(reply: Reply): boolean {
  return !reply.answer || reply.answer.status >= 500;
}

/** `call`, repeated up to `tries` times while it fails with no answer or a 5xx. */
async function callRetrying(
  ctx: LoadContext,
  client: HttpClient,
  route: string,
  path: string,
  options: RequestOptions,
  tries = 4,
): Promise<Reply> {
  let reply: Reply = {};
  for (let attempt = 0; attempt < tries; attempt++) {
    reply = await call(ctx, client, route, path, options, attempt > 0);
    if (!retryable(reply)) return reply;
    await sleep(300 * (attempt + 1));
  }
  return reply;
}

function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}

function think(ctx: LoadContext): Promise<void> {
  return sleep(Math.random() * 2 * ctx.thinkMs);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A random day of 1990–2039 as 'YYYY-MM-DD'. */
function randomDay(): string {
  return `${1990 + Math.floor(Math.random() * 50)}-${pad(1 + Math.floor(Math.random() * 12))}-${pad(1 + Math.floor(Math.random() * 28))}`;
}

/** A visitor session's token (POST /api/base/token answers it in `data`). */
async function sessionToken(ctx: LoadContext, client: HttpClient): Promise<string | undefined> {
  const reply = await callRetrying(ctx, client, 'token', '/api/base/token', { json: {} });
  return (reply.json?.data as { jwt?: string } | undefined)?.jwt;
}

/** A lesson played the way the player does: the signed URL and its cookie, then two byte ranges. */
async function playLesson(ctx: LoadContext, client: HttpClient, token: string): Promise<void> {
  const lesson = pick(ctx.catalogue.lessons);
  const play = await call(ctx, client, 'play', `/api/crm/ketang/play?lesson=${lesson}`, {
    headers: { token },
  });
  const url = (play.json?.resData as { url?: string } | undefined)?.url;
  if (!url) return;
  const first = await call(ctx, client, 'media', url, { headers: { range: 'bytes=0-65535' } });
  const total = Number(/\/(\d+)$/.exec(String(first.answer?.headers['content-range'] ?? ''))?.[1] ?? 0);
  if (first.answer?.status !== 206 || total <= 65_536) return;
  const from = Math.floor(Math.random() * (total - 65_536));
  await call(ctx, client, 'media', url, { headers: { range: `bytes=${from}-${from + 65_535}` } });
}

/** One visitor action, chosen by weight. */
async function visitorAction(ctx: LoadContext, client: HttpClient, token: string): Promise<number> {
  const roll = Math.random() * 100;
  const { catalogue } = ctx;
  if (roll < 22) await call(ctx, client, 'day', `/api/calendar/day?date=${randomDay()}`);
  else if (roll < 36) await call(ctx, client, 'month', `/api/calendar/month?ym=${randomDay().slice(0, 7)}`);
  else if (roll < 50) {
    const born = `公 ${randomDay()} ${pad(Math.floor(Math.random() * 24))}:${pad(Math.floor(Math.random() * 60))}`;
    const json = { name: '示例', sex: Math.random() < 0.5 ? '男' : '女', born };
    await call(ctx, client, 'bzdata', '/api/app/bln.suan/bzdata', { json, headers: { token } });
  } else if (roll < 62) await call(ctx, client, 'catalogue', '/api/shop/products?page=1&size=20');
  else if (roll < 76) await call(ctx, client, 'product', `/api/shop/products/${pick(catalogue.productIds)}`);
  else if (roll < 81) await call(ctx, client, 'page', '/xuanli/');
  else if (roll < 86) await call(ctx, client, 'asset', catalogue.asset);
  else {
    await playLesson(ctx, client, token);
    return 3;
  }
  return 1;
}

/** A visitor: reads until the load ends, from a new address every {@link REQUESTS_PER_ADDRESS} requests. */
export async function visitor(ctx: LoadContext): Promise<void> {
  while (ctx.running()) {
    const client = new HttpClient(ctx.entry, ctx.state.nextAddress());
    try {
      const token = await sessionToken(ctx, client);
      if (!token) {
        await sleep(500);
        continue;
      }
      for (let sent = 1; sent < REQUESTS_PER_ADDRESS && ctx.running(); ) {
        sent += await visitorAction(ctx, client, token);
        await think(ctx);
      }
    } finally {
      client.close();
    }
  }
}

/** Logs a new phone in by SMS through `client`; answers its jwt, or undefined to start over. */
async function smsLogin(ctx: LoadContext, client: HttpClient): Promise<string | undefined> {
  const visitorToken = await sessionToken(ctx, client);
  if (!visitorToken) return undefined;
  const phone = ctx.state.nextPhone();
  const headers = { token: visitorToken };
  // Not retried: a send whose answer was lost may still have sent the code (then it is in the outbox),
  // and a second send within a minute is refused by design.
  const sent = await call(ctx, client, 'sms', '/api/crm/member/sms', { json: { phone }, headers });
  if (sent.answer && sent.answer.status !== 200) return undefined;
  const code = await ctx.outbox.codeFor(phone, sent.answer ? 5000 : 1500);
  if (!code) return undefined;
  const login = await call(ctx, client, 'login', '/api/crm/member/login', { json: { phone, code }, headers });
  return (login.json?.resData as { jwt?: string } | undefined)?.jwt;
}

const ADDRESS = {
  name: '检查买家',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 100 号',
  isDefault: true,
};

/** One purchase: cart, order (retried with its key), sandbox payment; a confirmed payment is kept. */
async function purchase(ctx: LoadContext, client: HttpClient, jwt: string, addressId: number): Promise<void> {
  const headers = { token: jwt };
  const { catalogue } = ctx;
  const skuId = Math.random() < 0.2 ? catalogue.scarce : pick(catalogue.plentiful);
  const qty = 1 + Math.floor(Math.random() * 2);
  const added = await callRetrying(ctx, client, 'cart', '/api/shop/cart/items', {
    json: { skuId, qty },
    headers,
  });
  // Sold out already (409 OutOfStock): the buyer sees it on the product and does not order; the
  // cart has no line to remove either.
  if (added.answer?.status !== 200) return;
  const idempotencyKey = randomBytes(12).toString('base64url');
  const body = { items: [{ skuId, qty }], addressId, idempotencyKey, fromCart: true };
  const order = await callRetrying(ctx, client, 'order', '/api/shop/orders', { json: body, headers });
  const orderNo = (order.json?.resData as { orderNo?: string } | undefined)?.orderNo;
  if (!orderNo) {
    // Sold out (or refused): the line leaves the cart, as the buyer would remove it.
    await call(ctx, client, 'cart', `/api/shop/cart/items/${skuId}`, { method: 'DELETE', headers });
    return;
  }
  await think(ctx);
  const started = await callRetrying(ctx, client, 'pay', `/api/shop/orders/${orderNo}/pay`, {
    json: { channel: 'sandbox' },
    headers,
  });
  const outTradeNo = (started.json?.resData as { outTradeNo?: string } | undefined)?.outTradeNo;
  if (!outTradeNo) return;
  const done = await callRetrying(ctx, client, 'complete', `/api/pay/sandbox/${orderNo}/complete`, {
    json: { outTradeNo, result: 'success' },
    headers,
  });
  const status = (done.json?.resData as { status?: string } | undefined)?.status;
  if (done.answer?.status === 200 && (status === 'paid' || status === 'done')) {
    ctx.state.confirmed.push({ orderNo, skuId, qty });
  }
}

/** A buyer: logs in, adds a 收货地址, buys a few times, then a new phone from a new address. */
export async function buyer(ctx: LoadContext): Promise<void> {
  while (ctx.running()) {
    const address = ctx.state.nextAddress();
    const client = new HttpClient(ctx.entry, address);
    try {
      const jwt = await smsLogin(ctx, client);
      if (!jwt) {
        await sleep(500);
        continue;
      }
      ctx.state.buyers.push({ address, jwt });
      const added = await callRetrying(ctx, client, 'address', '/api/shop/addresses', {
        json: ADDRESS,
        headers: { token: jwt },
      });
      const addressId = (added.json?.resData as { id?: number } | undefined)?.id;
      if (!addressId) continue;
      for (let i = 0; i < ORDERS_PER_BUYER && ctx.running(); i++) {
        await purchase(ctx, client, jwt, addressId);
        await call(ctx, client, 'product', `/api/shop/products/${pick(ctx.catalogue.productIds)}`);
        await think(ctx);
      }
    } finally {
      client.close();
    }
  }
}

/**
 * After the load: every buyer's orders still unpaid are cancelled, so that each SKU's stock is its
 * initial stock less the paid pieces. Answers the orders that could not be cancelled.
 */
export async function cancelUnpaid(ctx: LoadContext): Promise<string[]> {
  const stuck: string[] = [];
  for (const session of ctx.state.buyers) {
    const client = new HttpClient(ctx.entry, session.address);
    const headers = { token: session.jwt };
    try {
      const list = await callRetrying(ctx, client, 'orders', '/api/shop/orders?status=pending&size=100', {
        headers,
      });
      const pending = ((list.json?.resData as { list?: { orderNo: string }[] })?.list ?? []).map(
        (o) => o.orderNo,
      );
      for (const orderNo of pending) {
        const cancelled = await callRetrying(ctx, client, 'cancel', `/api/shop/orders/${orderNo}/cancel`, {
          json: {},
          headers,
        });
        if (cancelled.answer?.status !== 200) stuck.push(orderNo);
      }
    } finally {
      client.close();
    }
  }
  return stuck;
}
