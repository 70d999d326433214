import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CLASSROOM } from '../../../seed/ketang/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { type FixtureMediaVideo, writeFixtureMedia } from '../../../test/ketang-fixtures.ts';
import { type FileStorage, localFileStorage } from '../../shared/storage.ts';
import { masters } from '../content/testing-tables.ts';
import { products } from '../shop/testing-tables.ts';
import { courseCategories, courses, courseware, lessons } from './schema.ts';
import { seedKetang } from './seed.ts';

const { categories: CATEGORY_SEEDS, courses: COURSE_SEEDS } = DEMO_CLASSROOM;

const LESSON_COUNT = COURSE_SEEDS.reduce((sum, seed) => sum + seed.lessons.length, 0);
/** Categories, courses, lessons and the one courseware file of the fixture media. */
const ALL_ROWS = CATEGORY_SEEDS.length + COURSE_SEEDS.length + LESSON_COUNT + 1;

describe('classroom seed', () => {
  let t: TestApp;
  let mediaDir: string;
  let filesDir: string;
  let storage: FileStorage;
  let videos: FixtureMediaVideo[];

  beforeAll(async () => {
    t = await buildTestApp();
    mediaDir = mkdtempSync(join(tmpdir(), 'xuanli-ketang-seed-media-'));
    videos = writeFixtureMedia(mediaDir);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });
  // Every test starts from a classroom nobody seeded, with an empty file storage of its own.
  beforeEach(async () => {
    await t.database.db.delete(courseware);
    await t.database.db.delete(courses);
    await t.database.db.delete(courseCategories);
    filesDir = mkdtempSync(join(tmpdir(), 'xuanli-ketang-seed-files-'));
    storage = localFileStorage(filesDir);
    return () => rmSync(filesDir, { recursive: true, force: true });
  });

  const seed = (dir = mediaDir) => seedKetang(t.database.db, storage, DEMO_CLASSROOM, { mediaDir: dir });

  it('seeds four categories and eight courses with their lessons and courseware, then nothing more', async () => {
    expect(await seed()).toBe(ALL_ROWS);
    expect(await seed()).toBe(0);
    const categories = await t.database.db
      .select()
      .from(courseCategories)
      .orderBy(asc(courseCategories.sort));
    expect(categories.map((c) => c.name)).toEqual(['八字', '风水', '六爻', '择日']);
    const rows = await t.database.db.select().from(courses).orderBy(asc(courses.sort));
    expect(rows.map((row) => row.id)).toEqual(COURSE_SEEDS.map((s) => s.id));
    expect(rows.filter((row) => row.free).map((row) => row.id)).toEqual([
      'ganzhi-rumen',
      'liuyao-qigua',
      'huangli-yongfa',
    ]);
    // Taught by the content module's seeded masters.
    const sellids = new Set((await t.database.db.select().from(masters)).map((m) => m.sellid));
    expect(rows.every((row) => sellids.has(row.teacherSellid))).toBe(true);
    // Every paid course is sold by the shop's demo catalogue under the same title; free ones are not.
    const offers = await t.database.db.select().from(products).where(eq(products.kind, 'course'));
    for (const row of rows) {
      const offer = offers.find((p) => p.courseId === row.id);
      if (row.free) expect(offer, row.id).toBeUndefined();
      else expect(offer?.title, row.id).toBe(row.title);
    }
  });

  it('gives each lesson the video made for it, its length read from the stored file, and stores the files', async () => {
    await seed();
    const keys = new Set<string>();
    for (const courseSeed of COURSE_SEEDS) {
      const rows = await t.database.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, courseSeed.id))
        .orderBy(asc(lessons.no));
      expect(rows.map((row) => row.title)).toEqual(courseSeed.lessons.map((l) => l.title));
      expect(rows.map((row) => row.free)).toEqual(courseSeed.lessons.map((l) => l.free ?? false));
      for (const row of rows) {
        // The video of this course and number, byte for byte, and as long as its file says.
        const video = videos.find((v) => v.course === courseSeed.id && v.lesson === row.no)!;
        expect(row.video).toMatch(
          new RegExp(`^private/ketang/videos/${video.file.replace('.mp4', '')}-[0-9a-f]{10}\\.mp4$`),
        );
        expect(readFileSync(join(filesDir, row.video)).equals(readFileSync(join(mediaDir, video.file)))).toBe(
          true,
        );
        expect(row.duration).toBe(Math.round(video.seconds));
        keys.add(row.video);
      }
      // At least one preview in every paid course.
      if (!courseSeed.free)
        expect(
          rows.some((row) => row.free),
          courseSeed.id,
        ).toBe(true);
    }
    // No two lessons share a video.
    expect(keys.size).toBe(LESSON_COUNT);
    // A course's stated length is what its lessons' files add up to.
    const [bazi] = await t.database.db
      .select({ seconds: sql<number>`sum(${lessons.duration})::int` })
      .from(lessons)
      .where(eq(lessons.courseId, 'bazi-rumen'));
    const baziVideos = videos.filter((v) => v.course === 'bazi-rumen');
    expect(Number(bazi!.seconds)).toBe(baziVideos.reduce((sum, v) => sum + Math.round(v.seconds), 0));
    const [pdf] = await t.database.db.select().from(courseware);
    expect(pdf).toMatchObject({
      slug: 'ganzhi-table',
      title: '六十甲子表',
      fileName: '六十甲子表.pdf',
      pages: 1,
    });
    expect(readFileSync(join(filesDir, pdf!.file)).toString()).toContain('%PDF-1.4');
    const cover = (await t.database.db.select().from(courses).limit(1))[0]!.cover;
    expect(cover).toMatch(/^\/api\/files\/ketang\/covers\/[a-z-]+-[0-9a-f]{10}\.webp$/);
    expect(
      readFileSync(join(filesDir, cover.slice('/api/files/'.length)))
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
  });

  it('never overwrites an operator’s edits or brings back what they deleted, but restores a deleted course', async () => {
    await seed();
    await t.database.db
      .update(courses)
      .set({ title: '运营改过的标题', free: true })
      .where(eq(courses.id, 'bazi-rumen'));
    const [first] = await t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.courseId, 'bazi-rumen'))
      .orderBy(asc(lessons.no))
      .limit(1);
    await t.database.db.delete(lessons).where(eq(lessons.id, first!.id));
    await t.database.db.update(courseware).set({ title: '改名的课件' });
    expect(await seed()).toBe(0);
    const [edited] = await t.database.db.select().from(courses).where(eq(courses.id, 'bazi-rumen'));
    expect([edited!.title, edited!.free]).toEqual(['运营改过的标题', true]);
    expect(await t.database.db.select().from(lessons).where(eq(lessons.id, first!.id))).toEqual([]);
    expect((await t.database.db.select().from(courseware))[0]!.title).toBe('改名的课件');
    // A course deleted altogether is the operator handing it back to the seed.
    await t.database.db.delete(courses).where(eq(courses.id, 'liuyao-qigua'));
    const qigua = COURSE_SEEDS.find((s) => s.id === 'liuyao-qigua')!;
    expect(await seed()).toBe(1 + qigua.lessons.length);
  });

  it('stores again the files a fresh storage lacks', async () => {
    await seed();
    const [row] = await t.database.db.select().from(lessons).limit(1);
    await storage.remove(row!.video);
    expect(await storage.stat(row!.video)).toBeNull();
    expect(await seed()).toBe(0);
    expect(await storage.stat(row!.video)).not.toBeNull();
  });

  it('is safe when two processes seed at once', async () => {
    const written = await Promise.all([seed(), seed()]);
    expect(written[0]! + written[1]!).toBe(ALL_ROWS);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(lessons)).toEqual([
      { n: LESSON_COUNT },
    ]);
  });

  it('points lessons left as seeded at the videos made for them now, and leaves operators’ lessons alone', async () => {
    await seed();
    const lessonOf = async (no: number) =>
      (
        await t.database.db
          .select()
          .from(lessons)
          .where(and(eq(lessons.courseId, 'bazi-rumen'), eq(lessons.no, no)))
      )[0]!;
    const [first, second, third] = [await lessonOf(1), await lessonOf(2), await lessonOf(3)];
    // An install seeded before each lesson had its own video: lessons 1–3 played a shared clip.
    const shared = 'private/ketang/videos/bazi-ganzhi-0123456789.mp4';
    await t.database.db.update(lessons).set({ video: shared, duration: 35 }).where(eq(lessons.id, first.id));
    // An operator renamed lesson 2 and uploaded a video for lesson 3: both are theirs now.
    await t.database.db
      .update(lessons)
      .set({ video: shared, title: '运营改过的课时' })
      .where(eq(lessons.id, second.id));
    const uploaded = 'private/ketang/lessons/0123456789abcdef.mp4';
    await t.database.db
      .update(lessons)
      .set({ video: uploaded, duration: 61 })
      .where(eq(lessons.id, third.id));

    expect(await seed()).toBe(1);
    expect(await lessonOf(1)).toMatchObject({ video: first.video, duration: first.duration });
    expect(await lessonOf(2)).toMatchObject({ video: shared, title: '运营改过的课时' });
    expect(await lessonOf(3)).toMatchObject({ video: uploaded, duration: 61 });
    expect(await seed()).toBe(0);
  });

  it('does not seed a course whose lessons the media lack a video for', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'xuanli-ketang-partial-'));
    try {
      writeFixtureMedia(partial);
      const manifest = JSON.parse(readFileSync(join(partial, 'manifest.json'), 'utf8'));
      manifest.videos = manifest.videos.filter(
        (v: { course: string; lesson: number }) => !(v.course === 'zeri-shiwu' && v.lesson === 3),
      );
      writeFileSync(join(partial, 'manifest.json'), JSON.stringify(manifest));
      await seed(partial);
      const ids = (await t.database.db.select({ id: courses.id }).from(courses)).map((row) => row.id);
      expect(ids).not.toContain('zeri-shiwu');
      expect(ids).toHaveLength(COURSE_SEEDS.length - 1);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });

  it('seeds only the categories without a media manifest, and refuses a malformed one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'xuanli-ketang-no-media-'));
    try {
      expect(await seed(empty)).toBe(CATEGORY_SEEDS.length);
      expect(await t.database.db.select().from(courses)).toEqual([]);
      writeFileSync(
        join(empty, 'manifest.json'),
        JSON.stringify({
          videos: [{ file: '../x.mp4', course: 'bazi-rumen', lesson: 1, title: 'x', seconds: 3 }],
        }),
      );
      await expect(seed(empty)).rejects.toThrow(/videos\[0\]: bad file/);
      writeFileSync(
        join(empty, 'manifest.json'),
        JSON.stringify({
          videos: [{ file: 'x.mp4', course: 'bazi-rumen', lesson: 0, title: 'x', seconds: 3 }],
        }),
      );
      await expect(seed(empty)).rejects.toThrow(/lesson must be a whole number from 1/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
