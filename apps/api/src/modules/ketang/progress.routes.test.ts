import type { CourseDetail, Play, Progress, ReviewList, ReviewResult } from '@xuanli/contracts/ketang';
import type { MyOrderList } from '@xuanli/contracts/member';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf, signIn, visitorToken } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import {
  type AddedCourse,
  addCourse,
  grantCourseTo,
  storeFixtureVideo,
} from '../../../test/ketang-fixtures.ts';
import { bindSessionToUser } from '../sessions/index.ts';
import { lessonProgress } from './schema.ts';

type Caller = { token: string; userId: number };

describe('learning: progress, 我的课程, ratings (crm/ketang/progress, myorder, review, reviews)', () => {
  let t: TestApp;
  let paid: AddedCourse;
  let free: AddedCourse;
  beforeAll(async () => {
    t = await buildTestApp();
    await storeFixtureVideo(t);
    // Three lessons of 100 s; the first is a preview.
    paid = await addCourse(t, { lessons: [{ free: true }, {}, {}] });
    free = await addCourse(t, { free: true, lessons: [{ duration: 60 }] });
  });
  afterAll(() => t?.close());

  const user = async () => (await signIn(t, 'user')) as Caller;
  const buyer = async (courseId = paid.courseId) => {
    const caller = await user();
    await grantCourseTo(t, caller.userId, courseId);
    return caller;
  };
  const report = (token: string | undefined, lesson: number, position: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/crm/ketang/progress',
      headers: token ? { token } : {},
      payload: { lesson, position },
    });
  const saved = async (token: string, lesson: number, position: number) => {
    const res = await report(token, lesson, position);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData as Progress;
  };
  const show = async (token: string | undefined, id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/show',
      query: { id },
      headers: token ? { token } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().resData as CourseDetail;
  };

  it('saves the position and restores it on another device, in the course page and in play', async () => {
    const me = await buyer();
    const lesson = paid.lessonIds[1]!;
    expect(await saved(me.token, lesson, 30.7)).toEqual({ lesson, position: 30, done: false });
    // Another session of the same user (another phone).
    const other = await visitorToken(t);
    await bindSessionToUser(t.database.db, sessionIdOf(other), me.userId);
    const page = await show(other, paid.courseId);
    expect(page.lessons.map((l) => [l.position, l.done])).toEqual([
      [0, false],
      [30, false],
      [0, false],
    ]);
    expect(page.lastLesson).toBe(lesson);
    const play = await t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/play',
      query: { lesson: String(lesson) },
      headers: { token: other },
    });
    expect((play.json().resData as Play).position).toBe(30);
    // Reporting the same again changes nothing and keeps one row.
    expect(await saved(other, lesson, 30.2)).toEqual({ lesson, position: 30, done: false });
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, me.userId), eq(lessonProgress.lessonId, lesson)));
    expect(n).toBe(1);
  });

  it('counts a lesson done at 90 % of its duration, and keeps it done', async () => {
    const me = await buyer();
    const lesson = paid.lessonIds[2]!;
    expect(await saved(me.token, lesson, 89.9)).toMatchObject({ position: 89, done: false });
    expect(await saved(me.token, lesson, 90)).toMatchObject({ position: 90, done: true });
    // Watched again from the start: the position moves back, the lesson stays done.
    expect(await saved(me.token, lesson, 5)).toMatchObject({ position: 5, done: true });
    // Past the end is the end.
    expect(await saved(me.token, paid.lessonIds[1]!, 5000)).toMatchObject({ position: 100, done: true });
    const page = await show(me.token, paid.courseId);
    expect(page.lessons.map((l) => l.done)).toEqual([false, true, true]);
  });

  it('saves progress only where the caller may watch: 401 visitor, 403 non-buyer, 404 unknown, 400 bad', async () => {
    const stranger = await user();
    expect((await report(undefined, paid.lessonIds[1]!, 10)).statusCode).toBe(401);
    expect((await report(await visitorToken(t), paid.lessonIds[1]!, 10)).statusCode).toBe(401);
    const refused = await report(stranger.token, paid.lessonIds[1]!, 10);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'Forbidden']);
    expect((await report(stranger.token, paid.lessonIds[0]!, 10)).statusCode).toBe(200);
    expect((await report(stranger.token, free.lessonIds[0]!, 10)).statusCode).toBe(200);
    expect((await report(stranger.token, 2_000_000_000, 10)).statusCode).toBe(404);
    for (const position of [-1, 86_401]) {
      const res = await report(stranger.token, paid.lessonIds[0]!, position);
      expect([res.statusCode, res.json().code]).toEqual([400, 'ValidationError']);
    }
    // JSON numbers too large for a double arrive as Infinity: never a database error.
    const raw = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/crm/ketang/progress',
        headers: { token: stranger.token, 'content-type': 'application/json' },
        payload,
      });
    expect((await raw(`{"lesson": ${paid.lessonIds[0]}, "position": 1e400}`)).statusCode).toBe(400);
    expect((await raw('{"lesson": 1e400, "position": 3}')).statusCode).toBe(400);
  });

  it('lists my courses with lessons done and where to continue', async () => {
    const me = await buyer();
    const other = await addCourse(t, { lessons: [{}, {}] });
    await grantCourseTo(t, me.userId, other.courseId);
    await saved(me.token, paid.lessonIds[0]!, 95);
    await saved(me.token, paid.lessonIds[1]!, 40);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/myorder',
      headers: { token: me.token },
    });
    expect(res.statusCode).toBe(200);
    const { list } = res.json().resData as MyOrderList;
    const byCourse = new Map(list.map((item) => [item.courseId, item]));
    expect(byCourse.get(paid.courseId)).toMatchObject({
      lessonsDone: 1,
      lessonsTotal: 3,
      lastLesson: paid.lessonIds[1],
      lastPosition: 40,
    });
    expect(byCourse.get(other.courseId)).toMatchObject({
      lessonsDone: 0,
      lessonsTotal: 2,
      lastLesson: null,
      lastPosition: null,
    });
  });

  it('lets buyers rate a course, once each (again replaces), and shows the average', async () => {
    const course = await addCourse(t);
    const first = await buyer(course.courseId);
    const second = await buyer(course.courseId);
    const stranger = await user();
    const rate = (token: string | undefined, body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/crm/ketang/review',
        headers: token ? { token } : {},
        payload: { id: course.courseId, ...body },
      });
    expect((await rate(undefined, { rating: 5 })).statusCode).toBe(401);
    const refused = await rate(stranger.token, { rating: 1 });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'Forbidden']);
    expect((await rate(first.token, { rating: 6 })).statusCode).toBe(400);
    expect((await rate(first.token, { rating: 0 })).statusCode).toBe(400);
    const infinite = await t.app.inject({
      method: 'POST',
      url: '/api/crm/ketang/review',
      headers: { token: first.token, 'content-type': 'application/json' },
      payload: `{"id": "${course.courseId}", "rating": 1e400}`,
    });
    expect([infinite.statusCode, infinite.json().code]).toEqual([400, 'ValidationError']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/crm/ketang/review',
      headers: { token: first.token },
      payload: { id: 'no-such-course', rating: 5 },
    });
    expect(unknown.statusCode).toBe(404);

    const one = await rate(first.token, { rating: 3, comment: '  讲得清楚  ' });
    expect(one.statusCode).toBe(200);
    expect(one.json().resData as ReviewResult).toMatchObject({
      review: { rating: 3, comment: '讲得清楚', mine: true, nickname: expect.stringMatching(/^测试/) },
      rating: { average: 3, count: 1 },
    });
    t.clock.advanceSeconds(60);
    const again = (await rate(first.token, { rating: 5 })).json().resData as ReviewResult;
    expect(again).toMatchObject({ review: { rating: 5, comment: '' }, rating: { average: 5, count: 1 } });
    t.clock.advanceSeconds(60);
    expect(((await rate(second.token, { rating: 4 })).json().resData as ReviewResult).rating).toEqual({
      average: 4.5,
      count: 2,
    });

    const reviews = await t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/reviews',
      query: { id: course.courseId },
      headers: { token: first.token },
    });
    const body = reviews.json().resData as ReviewList;
    expect(body.total).toBe(2);
    expect(body.rating).toEqual({ average: 4.5, count: 2 });
    expect(body.list.map((r) => [r.rating, r.mine])).toEqual([
      [4, false],
      [5, true],
    ]);
    expect((await show(undefined, course.courseId)).rating).toEqual({ average: 4.5, count: 2 });
    const none = await t.app.inject({ method: 'GET', url: '/api/crm/ketang/reviews?id=no-such-course' });
    expect(none.statusCode).toBe(404);
  });

  it('lets learners of a free course rate it once they have started it', async () => {
    const learner = await user();
    const rate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/crm/ketang/review',
        headers: { token: learner.token },
        payload: { id: free.courseId, rating: 5 },
      });
    expect((await rate()).statusCode).toBe(403);
    await saved(learner.token, free.lessonIds[0]!, 12);
    expect((await rate()).statusCode).toBe(200);
  });

  it('counts learners: buyers and users who saved progress, each once', async () => {
    const course = await addCourse(t);
    const a = await buyer(course.courseId);
    await saved(a.token, course.lessonIds[1]!, 10);
    const b = await user();
    await saved(b.token, course.lessonIds[0]!, 10);
    await buyer(course.courseId);
    expect((await show(undefined, course.courseId)).learners).toBe(3);
  });
});
