import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { type FixtureMediaVideo, writeFixtureMedia } from '../../../test/ketang-fixtures.ts';
import { type FileStorage, localFileStorage } from '../../shared/storage.ts';
import { masters } from '../content/index.ts';
import { products } from '../shop/index.ts';
import { courseCategories, courses, courseware, lessons } from './schema.ts';
import { seedKetang } from './seed.ts';
import { CATEGORY_SEEDS, COURSE_SEEDS, TOPIC_OF } from './seed-data.ts';

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

  const seed = (dir = mediaDir) => seedKetang(t.database.db, storage, { mediaDir: dir });

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

  it('gives each lesson the video made for it or one of its course topic, with its length, and stores the files', async () => {
    await seed();
    for (const courseSeed of COURSE_SEEDS) {
      const rows = await t.database.db
        .select()
        .from(lessons)
        .where(eq(lessons.courseId, courseSeed.id))
        .orderBy(asc(lessons.no));
      expect(rows.map((row) => row.title)).toEqual(courseSeed.lessons.map((l) => l.title));
      expect(rows.map((row) => row.free)).toEqual(courseSeed.lessons.map((l) => l.free ?? false));
      const topical = videos.filter((video) => video.topic === TOPIC_OF[courseSeed.category]);
      rows.forEach((row, i) => {
        // A lesson names the video made for its subject when the media have it; the others take turns.
        const named = videos.find((video) => video.file === courseSeed.lessons[i]!.video);
        const video = named ?? topical[i % topical.length]!;
        expect(row.video).toMatch(
          new RegExp(`^private/ketang/videos/${video.file.replace('.mp4', '')}-[0-9a-f]{10}\\.mp4$`),
        );
        expect(row.duration).toBe(Math.round(video.seconds));
      });
      // At least one preview in every paid course.
      if (!courseSeed.free)
        expect(
          rows.some((row) => row.free),
          courseSeed.id,
        ).toBe(true);
    }
    // 阴阳五行 plays the 五行 video wherever it is taught.
    const wuxing = await t.database.db.select().from(lessons).where(eq(lessons.title, '阴阳五行与生克制化'));
    expect(wuxing[0]!.video).toMatch(/^private\/ketang\/videos\/bazi-wuxing-/);
    expect(wuxing[0]!.duration).toBe(42);
    for (const video of videos) {
      const [row] = await t.database.db
        .select({ video: lessons.video })
        .from(lessons)
        .where(sql`${lessons.video} like ${`private/ketang/videos/${video.file.replace('.mp4', '')}-%`}`)
        .limit(1);
      expect(row, video.file).toBeDefined();
      expect(readFileSync(join(filesDir, row!.video)).equals(readFileSync(join(mediaDir, video.file)))).toBe(
        true,
      );
    }
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

  it('seeds only the categories without a media manifest, and refuses a malformed one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'xuanli-ketang-no-media-'));
    try {
      expect(await seed(empty)).toBe(CATEGORY_SEEDS.length);
      expect(await t.database.db.select().from(courses)).toEqual([]);
      writeFileSync(
        join(empty, 'manifest.json'),
        JSON.stringify({ videos: [{ file: '../x.mp4', title: 'x', seconds: 3, topic: 'bazi' }] }),
      );
      await expect(seed(empty)).rejects.toThrow(/videos\[0\]: bad file/);
      writeFileSync(
        join(empty, 'manifest.json'),
        JSON.stringify({ videos: [{ file: 'x.mp4', title: 'x', seconds: 0, topic: 'bazi' }] }),
      );
      await expect(seed(empty)).rejects.toThrow(/seconds must be positive/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
