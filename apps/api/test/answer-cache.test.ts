/**
 * Whole answers kept per node (shared/answer-cache.ts), seen through the classroom's course list with
 * the caches on as in production: an ETag with a 304 for a caller who has the answer already, a short
 * public Cache-Control on what every caller is shown alike, and a learner's own courses (`owned`)
 * never kept in, nor served from, the entry every caller shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_ANSWER, SHARED_ANSWER } from '../src/shared/answer-cache.ts';
import { signIn } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';
import { grantCourseTo, seedDemoClassroom } from './ketang-fixtures.ts';
import { NODE_CACHES } from './nodes.ts';

describe('the course list kept per node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: NODE_CACHES });
    await seedDemoClassroom(t);
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/crm/ketang/list?page=1&size=50', headers });
  const ownedOf = (answer: { json(): { resData: { list: { id: string; owned: boolean }[] } } }) =>
    Object.fromEntries(answer.json().resData.list.map((course) => [course.id, course.owned]));

  it('answers with an ETag and a short public Cache-Control, and 304 without a body to a caller who has it', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(SHARED_ANSWER);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await list({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('shows a learner’s own course as owned to that learner only, the cache warm or cold', async () => {
    const buyer = await signIn(t, 'user');
    const other = await signIn(t, 'user');
    await grantCourseTo(t, buyer.userId!, 'bazi-rumen');
    // The learner asks first (the grant dropped the kept list): the personal answer must not be kept.
    const mine = await list({ token: buyer.token });
    expect(ownedOf(mine)['bazi-rumen']).toBe(true);
    expect(mine.headers['cache-control']).toBe(PERSONAL_ANSWER);
    const visitor = await list();
    expect(ownedOf(visitor)['bazi-rumen']).toBe(false);
    expect(visitor.headers['cache-control']).toBe(SHARED_ANSWER);
    expect(visitor.headers.etag).not.toBe(mine.headers.etag);
    // The learner's ETag does not let anyone else revalidate into the learner's answer.
    const someoneElse = await list({ token: other.token, 'if-none-match': mine.headers.etag as string });
    expect(someoneElse.statusCode).toBe(200);
    expect(ownedOf(someoneElse)['bazi-rumen']).toBe(false);
    // The list kept warm now: still each caller's own.
    expect(ownedOf(await list({ token: buyer.token }))['bazi-rumen']).toBe(true);
    expect(ownedOf(await list({ token: other.token }))['bazi-rumen']).toBe(false);
  });
});
