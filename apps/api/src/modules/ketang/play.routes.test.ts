import type { Play } from '@xuanli/contracts/ketang';
import { eq } from 'drizzle-orm';
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
import { type S3StandIn, startS3StandIn } from '../../../test/s3-stand-in.ts';
import { courseGrants } from '../../shared/course-grants.ts';

/** The lesson length of the fixtures (seconds) and the margin test apps give a URL beyond it. */
const DURATION = 100;
const MARGIN = 900;

/** A play answer with the cookie its response set, as `name=value` for a `Cookie` header. */
interface Played {
  play: Play;
  cookie: string;
  setCookie: string;
}

/** `GET /api/crm/ketang/play?lesson=…` on `t`, with `token` (or none). */
function playOn(t: TestApp, lesson: number, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/crm/ketang/play',
    query: { lesson: String(lesson) },
    headers: token ? { token } : {},
  });
}

describe('lesson media: who may play, session-bound URLs, HTTP Range (crm/ketang/play, ketang/media/*)', () => {
  let t: TestApp;
  let freeCourse: AddedCourse;
  let paidCourse: AddedCourse;
  let buyer: { token: string; userId: number };
  let user: { token: string; userId: number };
  let visitor: string;

  beforeAll(async () => {
    t = await buildTestApp();
    expect(t.config.playUrlMarginSeconds).toBe(MARGIN);
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

  const play = (lesson: number, token?: string) => playOn(t, lesson, token);
  const playUrl = async (lesson: number, token: string): Promise<Played> => {
    const res = await play(lesson, token);
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    return { play: res.json().resData as Play, cookie: setCookie.split(';')[0]!, setCookie };
  };
  const fetchMedia = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { ...headers, cookie } : headers });

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
    // Without a session token there is no session to bind the URL to: 401, even for a free lesson.
    const expected: Record<keyof typeof lessons, Record<keyof typeof callers, number>> = {
      'free course': { noToken: 401, visitor: 200, user: 200, buyer: 200 },
      preview: { noToken: 401, visitor: 200, user: 200, buyer: 200 },
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

  it('issues a URL for the lesson’s length plus the margin, with an HttpOnly cookie binding it to the session', async () => {
    const { play: answer, cookie, setCookie } = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    expect(answer).toMatchObject({ lesson: paidCourse.lessonIds[1], duration: DURATION, position: 0 });
    const seconds = DURATION + MARGIN;
    expect(Date.parse(answer.expires)).toBe((Math.floor(t.clock.now() / 1000) + seconds) * 1000);
    expect(setCookie).toMatch(
      new RegExp(
        `^xl_media=[0-9a-f-]{36}\\.[\\w-]{43}; Max-Age=${seconds}; Path=/api/ketang/media/; HttpOnly; SameSite=Lax$`,
      ),
    );
    const url = new URL(answer.url, 'http://x');
    expect(url.pathname).toBe('/api/ketang/media/videos/fixture-lesson.mp4');
    expect(url.searchParams.get('user')).toBe(String(buyer.userId));
    expect(url.searchParams.get('bind')).toMatch(/^[\w-]{22}$/);
    // The URL names the session only by a keyed hash: its id is in the cookie, not in the URL.
    const sessionId = cookie.split('=')[1]!.split('.')[0]!;
    expect(answer.url).not.toContain(sessionId);
    const res = await fetchMedia(answer.url, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(fixtureVideoBytes())).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': String(FIXTURE_VIDEO_SIZE),
      'x-content-type-options': 'nosniff',
      'cache-control': `private, max-age=${seconds}`,
    });
    // A visitor's preview URL names user 0 and works with the visitor's own cookie.
    const preview = await playUrl(paidCourse.lessonIds[0]!, visitor);
    expect(new URL(preview.play.url, 'http://x').searchParams.get('user')).toBe('0');
    expect((await fetchMedia(preview.play.url, preview.cookie)).statusCode).toBe(200);
  });

  it('refuses the URL without its cookie, with another session’s, or with a forged one', async () => {
    const mine = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    // The same lesson asked for by another buyer's session.
    const other = (await signIn(t, 'user')) as { token: string; userId: number };
    await grantCourseTo(t, other.userId, paidCourse.courseId);
    const theirs = await playUrl(paidCourse.lessonIds[1]!, other.token);
    const [name, value] = mine.cookie.split('=') as [string, string];
    const [sessionId, mac] = value.split('.') as [string, string];
    const theirSession = theirs.cookie.split('=')[1]!.split('.')[0]!;
    const cases: [string, string | undefined][] = [
      ['no cookie', undefined],
      ['another session’s cookie', theirs.cookie],
      ['another session’s id with this MAC', `${name}=${theirSession}.${mac}`],
      ['a MAC changed', `${name}=${sessionId}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`],
      ['no MAC', `${name}=${sessionId}`],
      ['garbage', `${name}=../../etc/passwd`],
    ];
    for (const [what, cookie] of cases) {
      const res = await fetchMedia(mine.play.url, cookie, { range: 'bytes=0-9' });
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({
        what,
        status: 403,
        code: 'Forbidden',
      });
    }
    // Each URL with its own session's cookie, beside others in the header.
    expect(
      (await fetchMedia(mine.play.url, `a=1; ${mine.cookie}; b=2`, { range: 'bytes=0-9' })).statusCode,
    ).toBe(206);
    expect((await fetchMedia(theirs.play.url, theirs.cookie, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });

  it('refuses a tampered URL with 403', async () => {
    const { play: answer, cookie } = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    const parsed = new URL(answer.url, 'http://x');
    const sig = parsed.searchParams.get('sig')!;
    const bind = parsed.searchParams.get('bind')!;
    const variants: [string, (u: URL) => void][] = [
      ['another signature', (u) => u.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)],
      [
        'a later expiry',
        (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      ],
      ['another user', (u) => u.searchParams.set('user', String(user.userId))],
      [
        'another binding',
        (u) => u.searchParams.set('bind', `${bind[0] === 'A' ? 'B' : 'A'}${bind.slice(1)}`),
      ],
      ['another file', (u) => (u.pathname = '/api/ketang/media/videos/other.mp4')],
      ['no signature', (u) => u.searchParams.delete('sig')],
      ['no binding', (u) => u.searchParams.delete('bind')],
      ['no expiry', (u) => u.searchParams.delete('expires')],
      ['garbage', (u) => u.searchParams.set('sig', '../../etc/passwd')],
    ];
    for (const [name, change] of variants) {
      const forged = new URL(parsed);
      change(forged);
      const res = await fetchMedia(`${forged.pathname}${forged.search}`, cookie);
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({
        name,
        status: 403,
        code: 'Forbidden',
      });
    }
    // The original still works.
    expect((await fetchMedia(answer.url, cookie, { range: 'bytes=0-0' })).statusCode).toBe(206);
  });

  it('refuses the URL once the lesson’s length plus the margin has passed', async () => {
    const issuedAt = t.clock.now();
    const { play: answer, cookie } = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
    try {
      t.clock.advanceSeconds(DURATION + MARGIN - 1);
      const late = await fetchMedia(answer.url, cookie, { range: 'bytes=0-9' });
      expect(late.statusCode).toBe(206);
      expect(late.headers['cache-control']).toBe('private, max-age=1');
      t.clock.set(Date.parse(answer.expires));
      const expired = await fetchMedia(answer.url, cookie);
      expect([expired.statusCode, expired.json().code]).toEqual([403, 'Forbidden']);
      // Asking again gives a fresh URL that plays.
      const again = await playUrl(paidCourse.lessonIds[1]!, buyer.token);
      expect((await fetchMedia(again.play.url, again.cookie, { range: 'bytes=0-9' })).statusCode).toBe(206);
    } finally {
      t.clock.set(issuedAt);
    }
  });

  it('refuses the URLs of a session once it has logged out', async () => {
    const learner = (await signIn(t, 'user')) as { token: string; userId: number };
    const { play: answer, cookie } = await playUrl(freeCourse.lessonIds[0]!, learner.token);
    expect((await fetchMedia(answer.url, cookie, { range: 'bytes=0-9' })).statusCode).toBe(206);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/logout',
      headers: { token: learner.token },
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await fetchMedia(answer.url, cookie, { range: 'bytes=0-9' });
    expect([after.statusCode, after.json().code]).toEqual([403, 'Forbidden']);
  });

  it('answers byte ranges: first bytes, middle, suffix; past the end 416', async () => {
    const bytes = fixtureVideoBytes();
    const { play: answer, cookie } = await playUrl(freeCourse.lessonIds[0]!, visitor);
    const url = answer.url;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=2000-2999', 2000, 2999],
      ['bytes=-500', FIXTURE_VIDEO_SIZE - 500, FIXTURE_VIDEO_SIZE - 1],
      ['bytes=4900-', 4900, FIXTURE_VIDEO_SIZE - 1],
      ['bytes=4990-99999', 4990, FIXTURE_VIDEO_SIZE - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchMedia(url, cookie, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${FIXTURE_VIDEO_SIZE}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${FIXTURE_VIDEO_SIZE}-`, 'bytes=6000-7000', 'bytes=-0']) {
      const res = await fetchMedia(url, cookie, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${FIXTURE_VIDEO_SIZE}`);
      expect(res.json().code).toBe('RangeNotSatisfiable');
    }
    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19', cookie } });
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
  let standIn: S3StandIn;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    standIn = await startS3StandIn('xuanli-ketang');
    port = standIn.port;
    t = await buildTestApp({ config: { storage: standIn.settings } });
    await storeFixtureVideo(t);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('streams the video from the bucket through the API route, which checks the binding on every range', async () => {
    const course = await addCourse(t, { lessons: [{ free: true }, {}] });
    const visitor = (await signIn(t, 'visitor')).token;
    const res = await playOn(t, course.lessonIds[0], visitor);
    expect(res.statusCode).toBe(200);
    const { url } = res.json().resData as Play;
    // Never a presigned bucket URL, which would work for anyone holding it.
    expect(url).toMatch(/^\/api\/ketang\/media\/videos\/fixture-lesson\.mp4\?/);
    expect(url).not.toContain(String(port));
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const part = await t.app.inject({ method: 'GET', url, headers: { cookie, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(fixtureVideoBytes().subarray(100, 200))).toBe(true);
    const without = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect([without.statusCode, without.json().code]).toEqual([403, 'Forbidden']);
    // Still only for those who may watch.
    const paid = await playOn(t, course.lessonIds[1], visitor);
    expect(paid.statusCode).toBe(401);
  });
});
