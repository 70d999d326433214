import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAY_URL_SECONDS, type Play } from '@xuanli/contracts/ketang';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import {
  type AddedCourse,
  addCourse,
  FIXTURE_VIDEO_KEY,
  FIXTURE_VIDEO_SIZE,
  fixtureVideoBytes,
  grantCourseTo,
  storeFixtureVideo,
} from '../../../test/ketang-fixtures.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { Secret } from '../../shared/storage.ts';

describe('lesson media: who may play, signed URLs, HTTP Range (crm/ketang/play, ketang/media/*)', () => {
  let t: TestApp;
  let freeCourse: AddedCourse;
  let paidCourse: AddedCourse;
  let buyer: { token: string; userId: number };
  let user: { token: string; userId: number };
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await storeFixtureVideo(t);
    freeCourse = await addCourse(t, { free: true, lessons: [{}, {}] });
    // Lesson 1 is a free preview (试看), lesson 2 is for buyers.
    paidCourse = await addCourse(t, { lessons: [{ free: true }, {}] });
    buyer = (await signIn(t, 'user')) as { token: string; userId: number };
    await grantCourseTo(t, buyer.userId, paidCourse.courseId);
    user = (await signIn(t, 'user')) as { token: string; userId: number };
    visitor = (await signIn(t, 'visitor')).token;
  });
  afterAll(() => t?.close());

  const play = (lesson: number, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/play',
      query: { lesson: String(lesson) },
      headers: token ? { token } : {},
    });
  const playUrl = async (lesson: number, token?: string) => {
    const res = await play(lesson, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData as Play;
  };
  const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers the access matrix: caller × free course / preview / paid lesson', async () => {
    const callers = {
      noToken: undefined,
      visitor,
      user: user.token,
      buyer: buyer.token,
    } as const;
    const lessons = {
      'free course': freeCourse.lessonIds[1]!,
      preview: paidCourse.lessonIds[0]!,
      'paid lesson': paidCourse.lessonIds[1]!,
    } as const;
    const expected: Record<keyof typeof lessons, Record<keyof typeof callers, number>> = {
      'free course': { noToken: 200, visitor: 200, user: 200, buyer: 200 },
      preview: { noToken: 200, visitor: 200, user: 200, buyer: 200 },
      'paid lesson': { noToken: 401, visitor: 401, user: 403, buyer: 200 },
    };
    const codes = { 200: 0, 401: 'Unauthorized', 403: 'Forbidden' } as const;
    const got: Record<string, Record<string, number>> = {};
    for (const [lessonName, lesson] of Object.entries(lessons)) {
      got[lessonName] = {};
      for (const [callerName, token] of Object.entries(callers)) {
        const res = await play(lesson, token);
        got[lessonName][callerName] = res.statusCode;
        expect(res.json().code).toBe(codes[res.statusCode as keyof typeof codes]);
      }
    }
    expect(got).toEqual(expected);
  });

  it('issues an expiring URL that streams the lesson, bound to the caller', async () => {
    const answer = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    expect(answer).toMatchObject({ lesson: paidCourse.lessonIds[1], duration: 100, position: 0 });
    expect(Date.parse(answer.expires)).toBe((Math.floor(t.clock.now() / 1000) + PLAY_URL_SECONDS) * 1000);
    const url = new URL(answer.url, 'http://x');
    expect(url.pathname).toBe('/api/ketang/media/videos/fixture-lesson.mp4');
    expect(url.searchParams.get('user')).toBe(String(buyer.userId));
    const res = await fetchMedia(answer.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fixtureVideoBytes())).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': String(FIXTURE_VIDEO_SIZE),
      'x-content-type-options': 'nosniff',
      'cache-control': `private, max-age=${PLAY_URL_SECONDS}`,
    });
    // A visitor's preview URL names user 0.
    const preview = await playUrl(paidCourse.lessonIds[0]!);
    expect(new URL(preview.url, 'http://x').searchParams.get('user')).toBe('0');
    expect((await fetchMedia(preview.url)).statusCode).toBe(200);
  });

  it('refuses a tampered URL with 403', async () => {
    const { url } = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    const parsed = new URL(url, 'http://x');
    const sig = parsed.searchParams.get('sig')!;
    const variants: [string, (u: URL) => void][] = [
      ['another signature', (u) => u.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)],
      [
        'a later expiry',
        (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      ],
      ['another user', (u) => u.searchParams.set('user', String(user.userId))],
      ['another file', (u) => (u.pathname = '/api/ketang/media/videos/other.mp4')],
      ['no signature', (u) => u.searchParams.delete('sig')],
      ['no expiry', (u) => u.searchParams.delete('expires')],
      ['garbage', (u) => u.searchParams.set('sig', '../../etc/passwd')],
    ];
    for (const [name, change] of variants) {
      const forged = new URL(parsed);
      change(forged);
      const res = await fetchMedia(`${forged.pathname}${forged.search}`);
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({
        name,
        status: 403,
        code: 'Forbidden',
      });
    }
    // The original still works.
    expect((await fetchMedia(url, { range: 'bytes=0-0' })).statusCode).toBe(206);
  });

  it('refuses an expired URL with 403', async () => {
    const issuedAt = t.clock.now();
    const { url, expires } = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    t.clock.advanceSeconds(PLAY_URL_SECONDS - 1);
    const late = await fetchMedia(url, { range: 'bytes=0-9' });
    expect(late.statusCode).toBe(206);
    expect(late.headers['cache-control']).toBe('private, max-age=1');
    t.clock.set(Date.parse(expires));
    const expired = await fetchMedia(url);
    expect([expired.statusCode, expired.json().code]).toEqual([403, 'Forbidden']);
    t.clock.set(issuedAt);
  });

  it('answers byte ranges: first bytes, middle, suffix; past the end 416', async () => {
    const bytes = fixtureVideoBytes();
    const { url } = await playUrl(freeCourse.lessonIds[0]!);
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=2000-2999', 2000, 2999],
      ['bytes=-500', FIXTURE_VIDEO_SIZE - 500, FIXTURE_VIDEO_SIZE - 1],
      ['bytes=4900-', 4900, FIXTURE_VIDEO_SIZE - 1],
      ['bytes=4990-99999', 4990, FIXTURE_VIDEO_SIZE - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchMedia(url, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${FIXTURE_VIDEO_SIZE}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${FIXTURE_VIDEO_SIZE}-`, 'bytes=6000-7000', 'bytes=-0']) {
      const res = await fetchMedia(url, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${FIXTURE_VIDEO_SIZE}`);
      expect(res.json().code).toBe('RangeNotSatisfiable');
    }
    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([206, '10', '']);
  });

  it('never serves lesson videos through the public file route', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${FIXTURE_VIDEO_KEY}` });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NotFound']);
  });

  it('stops issuing URLs once the order is refunded, and answers 404 for unknown lessons', async () => {
    const refunded = (await signIn(t, 'user')) as { token: string; userId: number };
    const orderNo = await grantCourseTo(t, refunded.userId, paidCourse.courseId);
    expect((await play(paidCourse.lessonIds[1]!, refunded.token)).statusCode).toBe(200);
    await t.database.db
      .update(courseGrants)
      .set({ revokedAt: new Date(t.clock.now()) })
      .where(eq(courseGrants.orderNo, orderNo));
    expect((await play(paidCourse.lessonIds[1]!, refunded.token)).statusCode).toBe(403);
    const unknown = await play(2_000_000_000, buyer.token);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NotFound']);
    // Not an integer id at all: a validation error, never a 500; numbers past any row: no such lesson.
    const bad = await t.app.inject({ method: 'GET', url: '/api/crm/ketang/play?lesson=abc' });
    expect(bad.statusCode).toBe(400);
    for (const [lesson, status] of [
      ['Infinity', 400],
      ['1e400', 400],
      ['2147483648', 400],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/crm/ketang/play?lesson=${lesson}` });
      expect([lesson, res.statusCode]).toEqual([lesson, status]);
    }
  });

  it('hides an unpublished course from everyone but its buyers', async () => {
    const hidden = await addCourse(t, { published: false, lessons: [{ free: true }] });
    const owner = (await signIn(t, 'user')) as { token: string; userId: number };
    await grantCourseTo(t, owner.userId, hidden.courseId);
    const show = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/crm/ketang/show',
        query: { id: hidden.courseId },
        headers: token ? { token } : {},
      });
    expect((await show()).statusCode).toBe(404);
    expect((await show(user.token)).statusCode).toBe(404);
    expect((await play(hidden.lessonIds[0]!, user.token)).statusCode).toBe(404);
    expect((await show(owner.token)).statusCode).toBe(200);
    expect((await play(hidden.lessonIds[0]!, owner.token)).statusCode).toBe(200);
  });
});

describe('lesson media in S3-compatible object storage', () => {
  const s3Dir = mkdtempSync(join(tmpdir(), 'xuanli-ketang-s3-'));
  let s3rver: S3rver;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'xuanli-ketang' }],
    });
    ({ port } = await s3rver.run());
    t = await buildTestApp({
      config: {
        storage: {
          kind: 's3',
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          bucket: 'xuanli-ketang',
          accessKeyId: 'S3RVER',
          secretAccessKey: new Secret('S3RVER'),
          forcePathStyle: true,
        },
      },
    });
    await storeFixtureVideo(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3rver?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('hands out the bucket’s presigned URL, so the video never passes through the API', async () => {
    const course = await addCourse(t, { lessons: [{ free: true }, {}] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/play',
      query: { lesson: String(course.lessonIds[0]) },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().resData as Play;
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(
      `http://127.0.0.1:${port}/xuanli-ketang/${FIXTURE_VIDEO_KEY}`,
    );
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(PLAY_URL_SECONDS));
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(fixtureVideoBytes().subarray(100, 200))).toBe(true);
    // Still only for those who may watch.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/crm/ketang/play',
          query: { lesson: String(course.lessonIds[1]) },
        })
      ).statusCode,
    ).toBe(401);
  });
});
