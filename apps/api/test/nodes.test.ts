/**
 * Three API nodes on one database with their per-node caches on (sessions and users, the holiday
 * table, the catalogue's, classroom's and articles' answers): a change made through one node — a ban,
 * a logout, a VIP grant, a holiday entry, a catalogue edit, an article edit — is seen by the other
 * nodes within a second, while their caches keep answering what did not change. The test clock stands
 * still, so no cache entry here ever expires by its time-to-live: only the change notices can drop it.
 * On PGlite the nodes are apps of one process over the embedded database.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testPhone } from './accounts.ts';
import { buildTestNodes, type TestNodes, within } from './nodes.ts';
import { signInOperator } from './operators.ts';

describe('three nodes on one database', () => {
  let n: TestNodes;
  let a: FastifyInstance;
  let others: FastifyInstance[];
  beforeAll(async () => {
    n = await buildTestNodes(3);
    [a, ...others] = n.nodes;
  });
  afterAll(() => n.close());

  const profile = (node: FastifyInstance, token: string) =>
    node.inject({ method: 'GET', url: '/api/crm/member/profile', headers: { token } });
  const fortune = (node: FastifyInstance, token: string) =>
    node.inject({
      method: 'POST',
      url: '/api/app/bln.Suan/dingzhi',
      headers: { token },
      payload: { bazi: { name: '张三', sex: '男', born: '公 1990-05-10 08:00' }, yunType: 'caiyun' },
    });

  it('refuses a user banned through one node on the others within a second', async () => {
    const user = await signIn(n.t, 'user');
    for (const node of others) expect((await profile(node, user.token)).statusCode).toBe(200);
    const support = await signInOperator(n.t, 'support');
    const ban = await a.inject({
      method: 'POST',
      url: '/api/admin/users/ban',
      headers: support.headers,
      payload: { userId: user.userId, reason: '账号被盗用，客服确认' },
    });
    expect(ban.statusCode).toBe(200);
    for (const node of others) {
      const { answer, elapsedMs } = await within(
        1000,
        () => profile(node, user.token),
        (r) => r.statusCode === 401,
      );
      expect(answer.statusCode).toBe(401);
      expect(elapsedMs).toBeLessThan(1000);
    }
  });

  it('refuses a token logged out on one node on the others within a second', async () => {
    const user = await signIn(n.t, 'user');
    for (const node of others) expect((await profile(node, user.token)).statusCode).toBe(200);
    const logout = await a.inject({
      method: 'POST',
      url: '/api/crm/member/logout',
      headers: { token: user.token },
    });
    expect(logout.statusCode).toBe(200);
    for (const node of others) {
      const { answer } = await within(
        1000,
        () => profile(node, user.token),
        (r) => r.statusCode === 401,
      );
      expect(answer.statusCode).toBe(401);
    }
  });

  it('opens 定制 on the other nodes within a second of a VIP grant through one', async () => {
    const phone = testPhone();
    const user = await signIn(n.t, 'user', phone);
    for (const node of others) expect((await fortune(node, user.token)).statusCode).toBe(403);
    const support = await signInOperator(n.t, 'support');
    const grant = await a.inject({
      method: 'POST',
      url: '/api/admin/users/vip',
      headers: support.headers,
      payload: { phone, days: 30, reason: '客服会话，开通会员' },
    });
    expect(grant.statusCode).toBe(200);
    for (const node of others) {
      const { answer } = await within(
        1000,
        () => fortune(node, user.token),
        (r) => r.statusCode === 200,
      );
      expect(answer.statusCode).toBe(200);
    }
  });

  it('shows a holiday day entered through one node, or written by another process, everywhere within a second', async () => {
    const table = (node: FastifyInstance) => node.inject({ method: 'GET', url: '/api/calendar/holidays' });
    const before = (await table(others[0]!)).json().resData.version;
    for (const node of n.nodes) expect((await table(node)).json().resData.version).toBe(before);
    // A day written by another process (npm run admin, another API node): only its notice tells.
    await n.t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into holiday_days (date, name, off_day, notice, updated_by, updated_at)
            values ('2031-10-09', '国庆节', true, '国办发明电〔2030〕1号', 'other-node', now())`,
      );
      await tx.execute(
        sql`insert into holiday_version (id, version) values (1, 1)
            on conflict (id) do update set version = holiday_version.version + 1`,
      );
    });
    for (const node of n.nodes) {
      const { answer } = await within(
        1000,
        () => table(node),
        (r) => r.json().resData.version !== before,
      );
      expect(JSON.stringify(answer.json().resData)).toContain('2031-10-09');
    }
    const seen = (await table(a)).json().resData.version;
    const editor = await signInOperator(n.t, 'editor');
    const saved = await a.inject({
      method: 'POST',
      url: '/api/admin/holidays',
      headers: editor.headers,
      payload: { date: '2031-10-08', name: '国庆节', offDay: true, notice: '国办发明电〔2030〕1号' },
    });
    expect(saved.statusCode).toBe(200);
    for (const node of others) {
      const { answer } = await within(
        1000,
        () => table(node),
        (r) => r.json().resData.version !== seen,
      );
      expect(JSON.stringify(answer.json().resData)).toContain('2031-10-08');
    }
  });

  it('serves the catalogue from each node’s cache and shows an edit through one node on the others within a second', async () => {
    const page = (node: FastifyInstance, id: number, etag?: string) =>
      node.inject({
        method: 'GET',
        url: `/api/shop/products/${id}`,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const goods = (await a.inject({ method: 'GET', url: '/api/shop/products?kind=goods&size=1' })).json()
      .resData.list[0];
    const etags: string[] = [];
    for (const node of others) {
      const first = await page(node, goods.id);
      expect(first.statusCode).toBe(200);
      etags.push(first.headers.etag as string);
      expect((await page(node, goods.id, first.headers.etag as string)).statusCode).toBe(304);
    }
    const sku = (await page(a, goods.id)).json().resData.skus[0];
    const editor = await signInOperator(n.t, 'editor');
    const edit = await a.inject({
      method: 'POST',
      url: `/api/admin/catalogue/skus/${sku.id}`,
      headers: editor.headers,
      payload: { title: sku.title, spec: sku.spec, image: sku.image, price: sku.price + 100, sort: 0 },
    });
    expect(edit.statusCode).toBe(200);
    for (const [i, node] of others.entries()) {
      const { answer } = await within(
        1000,
        () => page(node, goods.id, etags[i]),
        (r) => r.statusCode === 200,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json().resData.skus[0].price).toBe(sku.price + 100);
      expect(answer.headers.etag).not.toBe(etags[i]);
    }
  });

  it('keeps an article in each node’s cache and shows an edit through one node on the others within a second', async () => {
    const read = (node: FastifyInstance) =>
      node.inject({
        method: 'POST',
        url: '/api/crm/article/read',
        payload: { label: '协议', name: '用户协议' },
      });
    const first = (await read(others[0]!)).json().resData;
    for (const node of others) expect((await read(node)).json().resData.title).toBe(first.title);
    // A change no notice announces (triggers off for this one statement) is not seen: the nodes answer
    // from their caches.
    await n.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update articles set title = '未经通知的标题' where id = ${first.id}`);
    });
    for (const node of others) expect((await read(node)).json().resData.title).toBe(first.title);
    const editor = await signInOperator(n.t, 'editor');
    const stored = (
      await a.inject({ method: 'GET', url: `/api/admin/articles/${first.id}`, headers: editor.headers })
    ).json().resData;
    const edit = await a.inject({
      method: 'POST',
      url: `/api/admin/articles/${first.id}`,
      headers: editor.headers,
      payload: {
        label: stored.label,
        name: stored.name,
        title: '用户协议（2026 修订）',
        summary: stored.summary,
        html: stored.html,
        sort: stored.sort,
      },
    });
    expect(edit.statusCode).toBe(200);
    for (const node of others) {
      const { answer } = await within(
        1000,
        () => read(node),
        (r) => r.json().resData.title === '用户协议（2026 修订）',
      );
      expect(answer.json().resData.title).toBe('用户协议（2026 修订）');
    }
  });
});
