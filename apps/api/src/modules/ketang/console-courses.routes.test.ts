/**
 * The console's courses area: a course created, given lessons from uploaded videos (their length read
 * from the file), reordered, published and given courseware shows in the app's classroom at once, and
 * a newly uploaded preview lesson plays through the same session-bound media URL as the seeded videos. Every
 * write leaves its audit row; bad input is a 4xx.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { signInOperator, type TestOperator } from '../../../test/operators.ts';
import { auditLog } from '../../shared/audit.ts';

/** The committed sample media (apps/api/test/media); ffprobe gives 35 s and 37 s for these videos. */
const SAMPLE_MEDIA_DIR = join(import.meta.dirname, '../../../test/media');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('console courses', () => {
  let t: TestApp;
  let editor: TestOperator;
  // The app's visitor (the app always holds a session token; a lesson's URL is bound to it).
  let visitor: string;
  beforeAll(async () => {
    t = await buildTestApp();
    editor = await signInOperator(t, 'editor');
    visitor = (await signIn(t, 'visitor')).token;
  });
  afterAll(() => t?.close());

  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: editor.headers, payload });
  const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await admin(method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData;
  };
  const app = async (url: string, query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/crm/ketang/${url}`,
      query,
      headers: { token: visitor },
    });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!;
    return { status: res.statusCode, data: res.json().resData, cookie };
  };

  /** Uploads a sample media file in one chunk and answers the completed upload. */
  async function upload(name: string, purpose: 'video' | 'courseware') {
    const file = readFileSync(join(SAMPLE_MEDIA_DIR, name));
    const contentType = purpose === 'video' ? 'video/mp4' : 'application/pdf';
    const { id } = await ok('POST', '/uploads', { filename: name, size: file.length, contentType, purpose });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/uploads/${id}/chunks/0`,
      headers: { ...editor.headers, 'content-type': 'application/octet-stream' },
      payload: file,
    });
    expect(put.statusCode, put.body).toBe(200);
    return { ...(await ok('POST', `/uploads/${id}/complete`)), file } as {
      key: string;
      durationSeconds: number;
      file: Buffer;
    };
  }

  const auditOf = (target: string) =>
    t.database.db
      .select({
        action: auditLog.action,
        actor: auditLog.actor,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(eq(auditLog.target, target))
      .orderBy(asc(auditLog.id));

  it('creates a course, adds uploaded lessons, reorders, publishes — the app shows each step and plays the new video', async () => {
    const { categories, teachers } = await ok('GET', '/course-options');
    expect(categories.map((c: { name: string }) => c.name)).toContain('八字');
    expect(teachers.length).toBeGreaterThan(0);
    const created = await ok('POST', '/courses', {
      id: 'mingli-jinjie',
      title: '命理进阶',
      subtitle: '从十神到格局',
      teacherSellid: teachers[0].sellid,
      categoryId: categories[0].id,
      intro: '<p>进阶<script>alert(1)</script></p>',
    });
    expect(created).toMatchObject({
      id: 'mingli-jinjie',
      published: false,
      lessons: [],
      intro: '<p>进阶</p>',
    });
    // Unpublished: not in the app yet.
    expect((await app('show', { id: 'mingli-jinjie' })).status).toBe(404);

    const first = await upload('bazi-ganzhi.mp4', 'video');
    const second = await upload('bazi-wuxing.mp4', 'video');
    const one = await ok('POST', '/courses/mingli-jinjie/lessons', {
      title: '天干地支',
      video: first.key,
      free: true,
    });
    const two = await ok('POST', '/courses/mingli-jinjie/lessons', {
      title: '五行生克',
      video: second.key,
      duration: 1,
    });
    // The length comes from the file, not from what was typed.
    expect(
      two.lessons.map((l: { title: string; duration: number; no: number }) => [l.no, l.title, l.duration]),
    ).toEqual([
      [1, '天干地支', 35],
      [2, '五行生克', 37],
    ]);
    expect(one.lessons[0]).toMatchObject({ free: true, video: first.key });

    // Publishing shows it in the app's list and page at once.
    const published = await ok('POST', '/courses/mingli-jinjie/publish', { published: true });
    expect(published.published).toBe(true);
    const listed = await app('list', { keyword: '命理进阶' });
    expect(listed.data.list.map((c: { id: string }) => c.id)).toContain('mingli-jinjie');
    const shown = await app('show', { id: 'mingli-jinjie' });
    expect(shown.data.lessons.map((l: { title: string; free: boolean }) => [l.title, l.free])).toEqual([
      ['天干地支', true],
      ['五行生克', false],
    ]);

    // The new free-preview lesson plays for a visitor: a signed media URL serving the uploaded bytes.
    const ids = two.lessons.map((l: { id: number }) => l.id) as number[];
    const play = await app('play', { lesson: String(ids[0]) });
    expect(play.status).toBe(200);
    expect(play.data.duration).toBe(35);
    const video = await t.app.inject({ method: 'GET', url: play.data.url, headers: { cookie: play.cookie } });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(sha256(video.rawPayload)).toBe(sha256(first.file));
    // The other lesson is for buyers only.
    expect((await app('play', { lesson: String(ids[1]) })).status).toBe(401);

    // Reordered, and the preview flag moved: the app shows the new order.
    await ok('POST', '/courses/mingli-jinjie/lessons/order', { lessonIds: [ids[1], ids[0]] });
    await ok('POST', `/lessons/${ids[1]}`, { title: '五行生克（新版）', video: second.key, free: true });
    await ok('POST', `/lessons/${ids[0]}`, { title: '天干地支', video: first.key, free: false });
    const reordered = await app('show', { id: 'mingli-jinjie' });
    expect(reordered.data.lessons.map((l: { title: string; free: boolean }) => [l.title, l.free])).toEqual([
      ['五行生克（新版）', true],
      ['天干地支', false],
    ]);

    // Courseware from an uploaded PDF: listed for the course in the app, then removed.
    const pdf = await upload('zeri-yiji.pdf', 'courseware');
    const withFile = await ok('POST', '/courses/mingli-jinjie/courseware', {
      title: '择日宜忌速查',
      file: pdf.key,
    });
    expect(withFile.courseware).toEqual([
      expect.objectContaining({
        title: '择日宜忌速查',
        fileName: '择日宜忌速查.pdf',
        bytes: pdf.file.length,
      }),
    ]);
    const kejian = await app('kejian', { course: 'mingli-jinjie' });
    expect(kejian.data.list.map((k: { title: string }) => k.title)).toEqual(['择日宜忌速查']);
    const download = await t.app.inject({ method: 'GET', url: kejian.data.list[0].url });
    expect(sha256(download.rawPayload)).toBe(sha256(pdf.file));
    await ok('DELETE', `/courseware/${withFile.courseware[0].id}`);
    expect((await app('kejian', { course: 'mingli-jinjie' })).data.list).toEqual([]);

    // Deleting the first lesson closes up the numbering.
    const afterDelete = await ok('DELETE', `/lessons/${ids[1]}`);
    expect(afterDelete.lessons.map((l: { id: number; no: number }) => [l.id, l.no])).toEqual([[ids[0], 1]]);

    // 下架: gone from the app's list.
    await ok('POST', '/courses/mingli-jinjie/publish', { published: false });
    expect((await app('show', { id: 'mingli-jinjie' })).status).toBe(404);

    // Every write is in the audit trail, by the editor.
    const trail = await auditOf('course:mingli-jinjie');
    expect(trail.map((row) => row.action)).toEqual([
      'course.create',
      'course.publish',
      'lesson.reorder',
      'course.publish',
    ]);
    expect(trail.every((row) => row.actor === editor.username)).toBe(true);
    expect(trail[1]).toMatchObject({ before: { published: false }, after: { published: true } });
    expect(trail[2]).toMatchObject({ before: { lessonIds: ids }, after: { lessonIds: [ids[1], ids[0]] } });
    expect((await auditOf(`lesson:${ids[1]}`)).map((row) => row.action)).toEqual([
      'lesson.save',
      'lesson.save',
      'lesson.delete',
    ]);
    expect((await auditOf(`courseware:${withFile.courseware[0].id}`)).map((row) => row.action)).toEqual([
      'courseware.save',
      'courseware.delete',
    ]);
  });

  it('edits a course’s fields and lists courses by words, category and state', async () => {
    const before = await ok('GET', '/courses/bazi-rumen');
    const updated = await ok('POST', '/courses/bazi-rumen', {
      title: '八字入门（修订版）',
      subtitle: before.subtitle,
      teacherSellid: before.teacherSellid,
      categoryId: before.categoryId,
      intro: '<p>新的介绍</p>',
      free: before.free,
      cover: before.cover,
    });
    expect(updated).toMatchObject({ title: '八字入门（修订版）', intro: '<p>新的介绍</p>', published: true });
    expect((await app('show', { id: 'bazi-rumen' })).data.title).toBe('八字入门（修订版）');
    // The app's search finds it by its new title at once.
    const found = await app('list', { keyword: '修订版' });
    expect(found.data.list.map((c: { id: string }) => c.id)).toEqual(['bazi-rumen']);
    const [row] = await t.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.target, 'course:bazi-rumen'), eq(auditLog.action, 'course.update')));
    expect(row).toMatchObject({ before: { title: before.title }, after: { title: '八字入门（修订版）' } });

    const byWords = await ok('GET', '/courses?q=修订');
    expect(byWords.list.map((c: { id: string }) => c.id)).toEqual(['bazi-rumen']);
    const drafts = await ok('GET', '/courses?published=false');
    expect(drafts.list.every((c: { published: boolean }) => !c.published)).toBe(true);
    const all = await ok('GET', '/courses?size=100');
    expect(all.total).toBeGreaterThanOrEqual(8);
    const category = all.list[0].categoryId;
    const inCategory = await ok('GET', `/courses?category=${category}`);
    expect(inCategory.list.every((c: { categoryId: number }) => c.categoryId === category)).toBe(true);
    expect(all.list[0]).toMatchObject({
      lessonCount: expect.any(Number),
      teacherNickname: expect.any(String),
    });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const { categories, teachers } = await ok('GET', '/course-options');
    const base = { title: '课', teacherSellid: teachers[0].sellid, categoryId: categories[0].id };
    expect((await admin('POST', '/courses', { id: 'bazi-rumen', ...base })).statusCode).toBe(409);
    expect((await admin('POST', '/courses', { id: 'Bad Id', ...base })).statusCode).toBe(400);
    expect(
      (await admin('POST', '/courses', { id: 'no-teacher', ...base, teacherSellid: 99_999 })).statusCode,
    ).toBe(400);
    expect(
      (await admin('POST', '/courses', { id: 'no-category', ...base, categoryId: 99_999 })).statusCode,
    ).toBe(400);
    expect((await admin('GET', '/courses/no-such-course')).statusCode).toBe(404);
    expect((await admin('POST', '/lessons/2147483647', { title: 'x', video: 'x' })).statusCode).toBe(404);
    expect((await admin('DELETE', '/courseware/2147483647')).statusCode).toBe(404);

    await ok('POST', '/courses', { id: 'empty-course', ...base });
    // Nothing to watch: cannot be published.
    expect((await admin('POST', '/courses/empty-course/publish', { published: true })).statusCode).toBe(400);
    // A video that was never uploaded, or an upload of courseware as a video.
    const never = await admin('POST', '/courses/empty-course/lessons', {
      title: '课',
      video: 'private/ketang/lessons/0000.mp4',
    });
    expect(never.statusCode).toBe(400);
    const pdf = await upload('jieqi-2027.pdf', 'courseware');
    expect(
      (await admin('POST', '/courses/empty-course/lessons', { title: '课', video: pdf.key })).statusCode,
    ).toBe(400);
    const video = await upload('bazi-shishen.mp4', 'video');
    expect(
      (await admin('POST', '/courses/empty-course/courseware', { title: '课件', file: video.key }))
        .statusCode,
    ).toBe(400);
    // A reorder must name every lesson of the course once.
    const course = await ok('GET', '/courses/bazi-rumen');
    const ids = course.lessons.map((l: { id: number }) => l.id);
    for (const lessonIds of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 2_147_483_647]]) {
      const res = await admin('POST', '/courses/bazi-rumen/lessons/order', { lessonIds });
      expect(res.statusCode, JSON.stringify(lessonIds)).toBe(400);
    }
    expect((await ok('GET', '/courses/bazi-rumen')).lessons.map((l: { id: number }) => l.id)).toEqual(ids);
    expect((await ok('GET', '/courses/empty-course')).lessons).toEqual([]);
  });
});
