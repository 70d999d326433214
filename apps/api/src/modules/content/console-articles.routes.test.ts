/**
 * The console's articles area: an editor finds the 宜/忌 glossary and the agreements by label, changes
 * one and the app's article routes show the change at once; a new article is a draft until it is
 * published; HTML is sanitised on save; every write leaves its audit row with before and after.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';

const t = useTestApp();
const editor = useOperator(t, 'editor');

const admin = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  query?: Record<string, string>,
) => t.app.inject({ method, url: `/api/admin${url}`, headers: editor.headers, payload, query });

const appRead = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/crm/article/read', payload: body });
const appSearch = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/crm/article/search', payload: body });

async function lastAudit(target: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, target)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('console articles', () => {
  it('lists the labels in use with counts, and the 宜忌 and 协议 articles by label', async () => {
    const labels = await admin('GET', '/articles/labels');
    expect(labels.statusCode, labels.body).toBe(200);
    const list: { label: string; count: number; published: number }[] = labels.json().resData.list;
    const yiji = list.find((entry) => entry.label === '宜忌');
    expect(yiji?.count).toBeGreaterThan(10);
    expect(list.find((entry) => entry.label === '协议')?.count).toBeGreaterThanOrEqual(2);

    const agreements = await admin('GET', '/articles', undefined, { label: '协议' });
    expect(agreements.statusCode).toBe(200);
    const page = agreements.json().resData;
    expect(page.list.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['用户协议', '隐私政策']),
    );
    expect(page.list.every((a: { label: string }) => a.label === '协议')).toBe(true);

    const paged = await admin('GET', '/articles', undefined, { label: '宜忌', size: '5', page: '2' });
    expect(paged.json().resData.list).toHaveLength(5);
    expect(paged.json().resData.total).toBe(yiji?.count);

    const searched = await admin('GET', '/articles', undefined, { q: '嫁娶' });
    expect(searched.json().resData.list.some((a: { name: string }) => a.name === '嫁娶')).toBe(true);
    const newest = (await admin('GET', '/articles', undefined, { order: 'updatedDesc', size: '100' })).json()
      .resData.list as { updatedAt: string }[];
    expect(newest.map((a) => a.updatedAt)).toEqual(
      newest
        .map((a) => a.updatedAt)
        .sort()
        .reverse(),
    );
    const none = await admin('GET', '/articles', undefined, { q: '%_不存在的词' });
    expect(none.json().resData).toEqual({ list: [], total: 0 });
  });

  it('changes an agreement: the app reads the new text at once, HTML sanitised, audited', async () => {
    const listed = await admin('GET', '/articles', undefined, { label: '协议', q: '用户协议' });
    const { id } = listed.json().resData.list[0];
    const current = (await admin('GET', `/articles/${id}`)).json().resData;
    const res = await admin('POST', `/articles/${id}`, {
      label: '协议',
      name: '用户协议',
      title: '玄历用户协议（2027 修订）',
      summary: current.summary,
      html: '<h2>第一条</h2><p onclick="steal()">新的条款<script>alert(1)</script></p><img src="/api/files/console/images/2026/a.webp">',
      sort: current.sort,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().resData;
    expect(saved.html).not.toMatch(/script|onclick/);
    expect(saved.html).toContain('<h2>第一条</h2>');
    expect(saved.published).toBe(current.published);

    const read = await appRead({ label: '协议', name: '用户协议' });
    expect(read.json().resData).toMatchObject({ title: '玄历用户协议（2027 修订）' });
    expect(read.json().resData.html).toContain('新的条款');

    const audit = await lastAudit(`article:${id}`);
    expect(audit).toMatchObject({ action: 'article.update', actor: editor.username, operatorId: editor.id });
    expect(audit.before).toMatchObject({ title: current.title });
    expect(audit.after).toMatchObject({ title: '玄历用户协议（2027 修订）' });
  });

  it('creates a draft the app does not show until it is published, then unpublishes and deletes it', async () => {
    const body = {
      label: '帮助',
      name: '如何看黄历',
      title: '如何看黄历',
      summary: '三分钟读懂',
      html: '<p>先看宜忌</p>',
    };
    const created = await admin('POST', '/articles', body);
    expect(created.statusCode, created.body).toBe(200);
    const article = created.json().resData;
    expect(article).toMatchObject({ ...body, html: '<p>先看宜忌</p>', published: false, sort: 0 });
    expect((await appRead({ id: article.id })).statusCode).toBe(404);
    expect(await lastAudit(`article:${article.id}`)).toMatchObject({
      action: 'article.create',
      before: null,
    });

    const again = await admin('POST', '/articles', { ...body, title: '重复' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'Conflict', msg: expect.stringContaining('如何看黄历') });

    const published = await admin('POST', `/articles/${article.id}/publish`);
    expect(published.json().resData.published).toBe(true);
    expect((await appRead({ id: article.id })).json().resData.html).toBe('<p>先看宜忌</p>');
    const found = await appSearch({ label: '帮助', keyword: '黄历' });
    expect(found.json().resData.list.map((a: { id: number }) => a.id)).toContain(article.id);
    expect(await lastAudit(`article:${article.id}`)).toMatchObject({
      action: 'article.publish',
      before: expect.objectContaining({ published: false }),
      after: expect.objectContaining({ published: true }),
    });

    const drafts = await admin('GET', '/articles', undefined, { label: '帮助', published: 'false' });
    expect(drafts.json().resData.list.map((a: { id: number }) => a.id)).not.toContain(article.id);

    await admin('POST', `/articles/${article.id}/unpublish`);
    expect((await appRead({ id: article.id })).statusCode).toBe(404);
    expect((await lastAudit(`article:${article.id}`)).action).toBe('article.unpublish');

    const removed = await admin('DELETE', `/articles/${article.id}`);
    expect(removed.json().resData).toEqual({ id: article.id });
    expect(await lastAudit(`article:${article.id}`)).toMatchObject({
      action: 'article.delete',
      before: expect.objectContaining({ name: '如何看黄历' }),
      after: null,
    });
    expect((await admin('GET', `/articles/${article.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/articles/${article.id}`)).statusCode).toBe(404);
    expect((await admin('POST', `/articles/${article.id}/publish`)).statusCode).toBe(404);
  });

  it('edits a 宜/忌 word the almanac links to, and refuses taking another article’s name', async () => {
    const listed = (await admin('GET', '/articles', undefined, { label: '宜忌', size: '2' })).json().resData
      .list;
    const [first, second] = listed;
    const full = (await admin('GET', `/articles/${first.id}`)).json().resData;
    const taken = await admin('POST', `/articles/${first.id}`, {
      label: '宜忌',
      name: second.name,
      title: full.title,
      html: full.html,
    });
    expect(taken.statusCode).toBe(409);
    const changed = await admin('POST', `/articles/${first.id}`, {
      label: '宜忌',
      name: first.name,
      title: full.title,
      summary: '编辑改过的解释',
      html: '<p>编辑改过的正文</p>',
      sort: full.sort,
    });
    expect(changed.statusCode).toBe(200);
    const read = (await appRead({ label: '宜忌', name: first.name })).json().resData;
    expect(read).toMatchObject({ summary: '编辑改过的解释', html: '<p>编辑改过的正文</p>' });
  });

  it('lets one of two editors creating the same name at once win; the other gets 409, never 500', async () => {
    const body = { label: '帮助', name: '同时新建', title: '同时新建', html: '<p>一</p>' };
    const answers = await Promise.all([admin('POST', '/articles', body), admin('POST', '/articles', body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Two renames onto one free name at once: one wins, the other is refused.
    const a = (await admin('POST', '/articles', { ...body, name: '甲稿' })).json().resData.id;
    const b = (await admin('POST', '/articles', { ...body, name: '乙稿' })).json().resData.id;
    const renames = await Promise.all([
      admin('POST', `/articles/${a}`, { ...body, name: '定稿' }),
      admin('POST', `/articles/${b}`, { ...body, name: '定稿' }),
    ]);
    expect(renames.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses bad input with 400, missing articles with 404, and sanitises a preview without saving', async () => {
    expect(
      (await admin('POST', '/articles', { label: '帮助', name: '', title: 'x', html: '' })).statusCode,
    ).toBe(400);
    const blank = await admin('POST', '/articles', { label: '帮助', name: '   ', title: 'x', html: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'ValidationError', msg: '请填写名称' });
    expect((await admin('GET', '/articles/99999999')).statusCode).toBe(404);
    expect((await admin('GET', '/articles/0')).statusCode).toBe(400);
    expect(
      (await admin('POST', '/articles/2147483647', { label: 'a', name: 'b', title: 'c', html: '' }))
        .statusCode,
    ).toBe(404);
    const preview = await admin('POST', '/articles/preview', {
      html: '<p style="color:red">字<iframe src="x"></iframe></p>',
    });
    expect(preview.json().resData).toEqual({ html: '<p>字</p>' });
    // A long article (well over the app's 64 KB JSON limit) is accepted.
    const long = await admin('POST', '/articles', {
      label: '帮助',
      name: '长文',
      title: '长文',
      html: `<p>${'长'.repeat(150_000)}</p>`,
    });
    expect(long.statusCode, long.body.slice(0, 200)).toBe(200);
  });
});
