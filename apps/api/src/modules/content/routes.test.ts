import { ARTICLE_LABELS } from '@xuanli/contracts/article';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleSeeds } from '../../../seed/content/texts/index.ts';
import { MASTER_SEEDS } from '../../../seed/content/texts/masters.ts';
import { visitorToken } from '../../../test/accounts.ts';
import { postRaw } from '../../../test/raw-body.ts';
import { useTestApp } from '../../../test/suite.ts';
import { createFileStorage } from '../../shared/storage.ts';
import { articles, masters } from './schema.ts';
import { seedArticles, seedMasters } from './seed.ts';
import { saveArticle } from './service.ts';

describe('content routes (crm/article/*, crm/dashi)', () => {
  const t = useTestApp();

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const search = (body: unknown) => post('/api/crm/article/search', body);
  const read = (body: unknown) => post('/api/crm/article/read', body);
  const seeds = articleSeeds();

  it('refuses an id or sellid that a string coerces to Infinity (400, not a database error)', async () => {
    const article = await postRaw(t, '/api/crm/article/read', '{"id":"1e999"}');
    expect(article.statusCode).toBe(400);
    expect(article.json().code).toBe('ValidationError');
    const master = await t.app.inject({ method: 'GET', url: '/api/crm/dashi?sellid=Infinity' });
    expect(master.statusCode).toBe(400);
    expect(master.json().code).toBe('ValidationError');
  });

  describe('POST crm/article/search', () => {
    it('lists a label in its order with the total, answered to visitors without a token', async () => {
      const res = await search({ label: '节气', size: 50 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.resData.total).toBe(24);
      expect(body.resData.list.map((a: { name: string }) => a.name).slice(0, 4)).toEqual([
        '立春',
        '雨水',
        '惊蛰',
        '春分',
      ]);
      const first = body.resData.list[0];
      expect(Object.keys(first).sort()).toEqual(['id', 'label', 'name', 'summary', 'title', 'updatedAt']);
      expect(first.label).toBe('节气');
      expect(new Date(first.updatedAt).toISOString()).toBe(first.updatedAt);
    });

    it('counts every seeded label', async () => {
      const counts: Record<string, number> = {};
      for (const label of ARTICLE_LABELS) counts[label] = (await search({ label })).json().resData.total;
      expect(counts).toEqual({ 协议: 2, 节气: 24, 宜忌: 116, 帮助: 3, 风水: 4, 命理术语: 72 });
      expect((await search({})).json().resData.total).toBe(seeds.length);
    });

    it('pages with page and size (defaults 1 and 20), the total over all pages', async () => {
      const all = (await search({ label: '宜忌', size: 50, page: 1 })).json().resData.list;
      const third = (await search({ label: '节气', size: 10, page: 3 })).json().resData;
      expect(third.total).toBe(24);
      expect(third.list.map((a: { name: string }) => a.name)).toEqual(['大雪', '冬至', '小寒', '大寒']);
      const byDefault = (await search({ label: '宜忌' })).json().resData;
      expect(byDefault.list).toHaveLength(20);
      expect(byDefault.list).toEqual(all.slice(0, 20));
      const second = (await search({ label: '宜忌', page: 2, size: 50 })).json().resData.list;
      expect(second[0].name).toBe(seeds.filter((s) => s.label === '宜忌')[50].name);
      const beyond = (await search({ label: '节气', page: 99, size: 10 })).json().resData;
      expect(beyond).toEqual({ list: [], total: 24 });
    });

    it('finds a Chinese keyword in title, name or summary, title matches first', async () => {
      // 惊蛰 (sort 3) has 春 only in its summary (春雷始鸣), so it comes after 春分 (sort 4), a title match.
      const res = (await search({ label: '节气', keyword: '春', size: 50 })).json().resData;
      const names = res.list.map((a: { name: string }) => a.name);
      expect(names.slice(0, 2)).toEqual(['立春', '春分']);
      expect(names).toContain('惊蛰');
      expect(names.indexOf('惊蛰')).toBeGreaterThan(names.indexOf('春分'));
      const expected = seeds
        .filter((s) => s.label === '节气' && [s.title, s.name, s.summary].some((v) => v.includes('春')))
        .sort((a, b) => Number(!a.title.includes('春')) - Number(!b.title.includes('春')) || a.sort - b.sort)
        .map((s) => s.name);
      expect(names).toEqual(expected);
      expect(res.total).toBe(expected.length);
    });

    it('searches every label without one, ignores letter case and surrounding blanks', async () => {
      const vip = (await search({ keyword: ' vip ' })).json().resData;
      expect(vip.list.map((a: { name: string }) => a.name)).toContain('如何开通VIP');
      const marry = (await search({ keyword: '嫁娶' })).json().resData;
      expect(marry.list[0]).toMatchObject({ label: '宜忌', name: '嫁娶', title: '嫁娶' });
      // Blank = no keyword.
      expect((await search({ label: '协议', keyword: '   ' })).json().resData.total).toBe(2);
    });

    it('treats % and _ as plain characters, not wildcards', async () => {
      for (const keyword of ['%', '_', '%春%', '立_']) {
        expect((await search({ keyword })).json().resData, keyword).toEqual({ list: [], total: 0 });
      }
    });

    it('answers 400 ValidationError for bad input', async () => {
      for (const body of [
        { size: 0 },
        { size: 101 },
        { page: 0 },
        { page: 1.5 },
        { label: '' },
        { label: 'x'.repeat(33) },
        { keyword: 'x'.repeat(51) },
        { keyword: { text: '春' } },
        [],
      ]) {
        const res = await search(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('ValidationError');
      }
    });
  });

  describe('POST crm/article/read', () => {
    it('reads by label and name and by id, the same article', async () => {
      const byName = await read({ label: '协议', name: '隐私政策' });
      expect(byName.statusCode).toBe(200);
      const article = byName.json().resData;
      expect(Object.keys(article).sort()).toEqual([
        'html',
        'id',
        'label',
        'name',
        'summary',
        'title',
        'updatedAt',
      ]);
      expect(article).toMatchObject({ label: '协议', name: '隐私政策', title: '玄历隐私政策' });
      expect(article.html).toContain('<h2>');
      expect(article.html).toContain('注销账号');
      expect(article.html).toContain('<a href="mailto:privacy@xuanli.app">privacy@xuanli.app</a>');
      const byId = await read({ id: article.id });
      expect(byId.json().resData).toEqual(article);
    });

    it('answers 404 NotFound for an unknown id or name', async () => {
      for (const body of [
        { id: 2_000_000 },
        { label: '宜忌', name: '不存在' },
        { label: '没有', name: '立春' },
      ]) {
        const res = await read(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(res.json().code).toBe('NotFound');
      }
    });

    it('answers 400 ValidationError without {id} or {label, name}', async () => {
      for (const body of [
        {},
        { label: '协议' },
        { name: '用户协议' },
        { id: 0 },
        { id: 'abc' },
        { id: 2 ** 31 },
      ]) {
        const res = await read(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('ValidationError');
      }
    });

    it('hides unpublished articles from search and read', async () => {
      const id = await saveArticle(
        t.database.db,
        {
          label: '帮助',
          name: '草稿',
          title: '草稿标题',
          summary: '草稿',
          html: '<p>未发布</p>',
          published: false,
        },
        new Date(t.clock.now()),
      );
      expect((await read({ id })).statusCode).toBe(404);
      expect((await read({ label: '帮助', name: '草稿' })).statusCode).toBe(404);
      expect((await search({ keyword: '草稿' })).json().resData.total).toBe(0);
      await t.database.db.update(articles).set({ published: true }).where(eq(articles.id, id));
      expect((await read({ id })).json().resData.html).toBe('<p>未发布</p>');
      expect((await search({ keyword: '草稿' })).json().resData.total).toBe(1);
    });

    it('sanitises on read a row written around the service', async () => {
      const [{ id }] = await t.database.db
        .insert(articles)
        .values({
          label: '帮助',
          name: '原样写入',
          title: '原样写入',
          body:
            '<p onclick="steal()">正文<script>alert(document.cookie)</script></p>' +
            '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">点我</a>' +
            '<a href="https://example.com/x">外链</a><iframe src="https://evil.test"></iframe>',
        })
        .returning({ id: articles.id });
      const html: string = (await read({ id })).json().resData.html;
      expect(html).toBe(
        '<p>正文</p><span>点我</span><a href="https://example.com/x" rel="noopener noreferrer" target="_blank">外链</a>',
      );
      for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', '<img']) {
        expect(html).not.toContain(bad);
      }
    });

    it('sanitises on write: an editor saves clean HTML, replacing the article under the same id', async () => {
      const now = new Date(t.clock.now());
      const input = { label: '帮助', name: '编辑测试', title: '第一版', html: '<p>一</p>' };
      const id = await saveArticle(t.database.db, input, now);
      const again = await saveArticle(
        t.database.db,
        {
          ...input,
          title: '第二版',
          html: '<p style="x">二<script>x()</script></p><img src="data:image/png;base64,AA">',
        },
        new Date(now.getTime() + 60_000),
      );
      expect(again).toBe(id);
      const [row] = await t.database.db.select().from(articles).where(eq(articles.id, id));
      expect(row.body).toBe('<p>二</p>');
      expect(row.title).toBe('第二版');
      expect(row.updatedAt.getTime()).toBe(now.getTime() + 60_000);
      expect(row.createdAt.getTime()).toBe(now.getTime());
    });
  });

  describe('seed', () => {
    it('inserts only missing articles and never overwrites an edit', async () => {
      const db = t.database.db;
      const lichun = and(eq(articles.label, '节气'), eq(articles.name, '立春'));
      await db.update(articles).set({ title: '运营改过的标题' }).where(lichun);
      await db.delete(articles).where(and(eq(articles.label, '宜忌'), eq(articles.name, '嫁娶')));
      expect(await seedArticles(db, articleSeeds())).toBe(1);
      expect(await seedArticles(db, articleSeeds())).toBe(0);
      const [row] = await db.select().from(articles).where(lichun);
      expect(row.title).toBe('运营改过的标题');
      expect((await read({ label: '宜忌', name: '嫁娶' })).statusCode).toBe(200);
      const storage = createFileStorage(t.config.storage);
      expect(await seedMasters(db, storage, MASTER_SEEDS)).toBe(0);
      await storage.close();
    });
  });

  describe('GET crm/dashi', () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it('answers the default master (sellid 1) without sellid, to visitors and users alike', async () => {
      const res = await get('/api/crm/dashi');
      expect(res.statusCode).toBe(200);
      const master = res.json().resData;
      expect(Object.keys(master).sort()).toEqual(['avatar', 'intro', 'nickname', 'qrcode', 'sellid', 'wx']);
      expect(master).toMatchObject({
        sellid: 1,
        nickname: '七星堂·张师傅',
        wx: 'xuanli_zhang',
      });
      // The seed's example pictures (contact-pictures.test.ts checks them).
      expect(master.avatar).toMatch(/^\/api\/files\/content\/demo\/master1-avatar-/);
      expect(master.qrcode).toMatch(/^\/api\/files\/content\/demo\/master1-qrcode-/);
      const token = await visitorToken(t);
      const withToken = await t.app.inject({ method: 'GET', url: '/api/crm/dashi', headers: { token } });
      expect(withToken.json().resData).toEqual(master);
    });

    it('answers a master by sellid', async () => {
      const res = await get('/api/crm/dashi?sellid=2');
      expect(res.json().resData).toMatchObject({ sellid: 2, nickname: '七星堂·李师傅', wx: 'xuanli_li' });
    });

    it('answers 404 for an unknown or inactive sellid, 400 for a malformed one', async () => {
      const unknown = await get('/api/crm/dashi?sellid=99');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NotFound');
      // `sellid=` (empty) is the same as no sellid: the app may send the parameter before it knows one.
      expect((await get('/api/crm/dashi?sellid=')).json().resData.sellid).toBe(1);
      for (const query of ['sellid=abc', 'sellid=0', 'sellid=1.5', 'sellid=-1', 'sellid=99999999999']) {
        const res = await get(`/api/crm/dashi?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('ValidationError');
      }
    });

    it('lists the active masters, default first', async () => {
      const list = (await get('/api/crm/dashi/list')).json().resData.list;
      expect(list.map((m: { sellid: number }) => m.sellid)).toEqual([1, 2, 3]);
      for (const master of list) {
        expect(master.intro.length).toBeGreaterThanOrEqual(80);
        expect(master.intro.length).toBeLessThanOrEqual(150);
      }
    });

    it('follows the operators: an inactive default hands over, an empty nickname shows 七星堂师傅', async () => {
      const db = t.database.db;
      await db.update(masters).set({ active: false }).where(eq(masters.sellid, 1));
      await db.update(masters).set({ nickname: ' ' }).where(eq(masters.sellid, 2));
      try {
        expect((await get('/api/crm/dashi?sellid=1')).statusCode).toBe(404);
        expect((await get('/api/crm/dashi')).json().resData).toMatchObject({
          sellid: 2,
          nickname: '七星堂师傅',
        });
        const list = (await get('/api/crm/dashi/list')).json().resData.list;
        expect(list.map((m: { sellid: number }) => m.sellid)).toEqual([2, 3]);
      } finally {
        await db.update(masters).set({ active: true }).where(eq(masters.sellid, 1));
      }
    });
  });
});
