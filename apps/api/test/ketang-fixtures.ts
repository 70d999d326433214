/**
 * Test helper: classroom rows and files written straight into the test app's database and storage, so
 * that tests set up exactly the courses, lessons, purchases and media they talk about instead of
 * depending on the demo classroom's seed; and a small media folder in the seed's manifest format (a
 * stand-in for what the build makes), from which every test app's seed fills the demo classroom.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { COURSE_SEEDS } from '../seed/ketang/courses.ts';
import { DEMO_CLASSROOM } from '../seed/ketang/index.ts';
import { courseRow, seedKetang } from '../src/modules/ketang/index.ts';
import { courseCategories, courses, lessons } from '../src/modules/ketang/testing-tables.ts';
import { courseGrants } from '../src/shared/course-grants.ts';
import { createFileStorage } from '../src/shared/storage.ts';
import type { TestApp } from './build.ts';

/** Size of the fixture lesson video. */
export const FIXTURE_VIDEO_SIZE = 5000;

/** The fixture video's bytes: a recognisable pattern, so a range can be checked byte for byte. */
export function fixtureVideoBytes(): Buffer {
  const bytes = Buffer.alloc(FIXTURE_VIDEO_SIZE);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + 3) % 251;
  return bytes;
}

/** Where {@link addCourse} stores the fixture video. */
export const FIXTURE_VIDEO_KEY = 'private/ketang/videos/fixture-lesson.mp4';

/** A course to add; every field has a default. */
export interface CourseFixture {
  id?: string;
  title?: string;
  intro?: string;
  free?: boolean;
  published?: boolean;
  teacherSellid?: number;
  /** Default: the first seeded category. */
  categoryId?: number;
  sort?: number;
  /** Default: two lessons of 100 s, the first a free preview. */
  lessons?: { free?: boolean; duration?: number; title?: string; video?: string }[];
}

/** What {@link addCourse} made. */
export interface AddedCourse {
  courseId: string;
  lessonIds: number[];
}

/** Stores the fixture video in the app's storage (once per app; storing again replaces it). */
export async function storeFixtureVideo(t: TestApp): Promise<void> {
  const storage = createFileStorage(t.config.storage);
  try {
    await storage.put(FIXTURE_VIDEO_KEY, fixtureVideoBytes());
  } finally {
    await storage.close();
  }
}

/** The id of the first course category by display order. */
export async function firstCategoryId(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .orderBy(asc(courseCategories.sort), asc(courseCategories.id))
    .limit(1);
  if (!row) throw new Error('no course category seeded');
  return row.id;
}

/** Adds a course with its lessons (written through course-row.ts like every writer's). */
export async function addCourse(t: TestApp, fixture: CourseFixture = {}): Promise<AddedCourse> {
  const id = fixture.id ?? `test-${randomBytes(5).toString('hex')}`;
  await t.database.db.insert(courses).values(
    courseRow({
      id,
      title: fixture.title ?? `测试课程${id.slice(-4)}`,
      intro: fixture.intro ?? '<p>测试用课程</p>',
      teacherSellid: fixture.teacherSellid ?? 1,
      categoryId: fixture.categoryId ?? (await firstCategoryId(t)),
      free: fixture.free ?? false,
      published: fixture.published ?? true,
      sort: fixture.sort ?? 1000,
    }),
  );
  const specs = fixture.lessons ?? [{ free: true }, {}];
  const rows =
    specs.length === 0
      ? []
      : await t.database.db
          .insert(lessons)
          .values(
            specs.map((spec, i) => ({
              courseId: id,
              no: i + 1,
              title: spec.title ?? `第 ${i + 1} 讲`,
              duration: spec.duration ?? 100,
              free: spec.free ?? false,
              video: spec.video ?? FIXTURE_VIDEO_KEY,
            })),
          )
          .returning({ id: lessons.id });
  return { courseId: id, lessonIds: rows.map((row) => row.id) };
}

/** Grants `courseId` to `userId` as a paid shop order would (a live grant). */
export async function grantCourseTo(
  t: TestApp,
  userId: number,
  courseId: string,
  orderNo?: string,
): Promise<string> {
  const no = orderNo ?? `2026${randomBytes(8).readBigUInt64BE().toString().padStart(16, '0').slice(0, 16)}`;
  await t.database.db.insert(courseGrants).values({
    userId,
    courseId,
    orderNo: no,
    title: '测试课程',
    cover: '/api/files/ketang/covers/test.webp',
    grantedAt: new Date(t.clock.now()),
  });
  return no;
}

/** A video of the fixture media folder. */
export interface FixtureMediaVideo {
  file: string;
  course: string;
  lesson: number;
  title: string;
  /** The length its file states (the seed rounds it to the second). */
  seconds: number;
  bytes: number;
}

/**
 * The smallest MP4 whose length a reader can find, as the seed and the upload path read it: an `ftyp`
 * box, then a `moov` holding only its `mvhd` (timescale 1000, `seconds` long), then a `free` box
 * carrying `tag`, so two stand-ins never share their bytes (the seed stores files by content hash).
 */
export function tinyMp4(seconds: number, tag: string): Buffer {
  const box = (type: string, payload: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + payload.length, 0);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, payload]);
  };
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isommp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(2, 96);
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('free', Buffer.from(tag))]);
}

/**
 * Writes a media folder in the seed's format into `dir`: a small stand-in video for every lesson of
 * every demo course (lengths from 100.4 s up, all different) and one PDF, with manifest.json. Answers
 * the manifest's videos.
 */
export function writeFixtureMedia(dir: string): FixtureMediaVideo[] {
  mkdirSync(dir, { recursive: true });
  const videos: FixtureMediaVideo[] = COURSE_SEEDS.flatMap((course, c) =>
    course.lessons.map((lesson, i) => {
      const file = `${course.id}-${String(i + 1).padStart(2, '0')}.mp4`;
      const seconds = 100.4 + c * 20 + i * 3;
      const bytes = tinyMp4(seconds, file);
      writeFileSync(join(dir, file), bytes);
      return { file, course: course.id, lesson: i + 1, title: lesson.title, seconds, bytes: bytes.length };
    }),
  );
  const pdf = Buffer.from('%PDF-1.4\n% fixture courseware\n%%EOF\n');
  writeFileSync(join(dir, 'ganzhi-table.pdf'), pdf);
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      inputs: 'fixture',
      videos: videos.map(({ file, course, lesson, title, seconds, bytes }) => ({
        file,
        course,
        lesson,
        title,
        seconds,
        bytes,
      })),
      courseware: [{ file: 'ganzhi-table.pdf', title: '六十甲子表', pages: 1, bytes: pdf.length }],
    }),
  );
  return videos;
}

let sharedMediaDir: string | undefined;

/**
 * The stand-in demo media every test app of this process seeds its classroom from (written once,
 * removed when the process exits): the tests never depend on what the build made in seed-media.
 */
export function fixtureMediaDir(): string {
  if (!sharedMediaDir) {
    const dir = mkdtempSync(join(tmpdir(), 'xuanli-ketang-media-'));
    writeFixtureMedia(dir);
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    sharedMediaDir = dir;
  }
  return sharedMediaDir;
}

/**
 * Makes sure the demo classroom is seeded in `t` (the test app's own seed did it from
 * {@link fixtureMediaDir}; this runs the seed again, which adds whatever a test removed).
 */
export async function seedDemoClassroom(t: TestApp): Promise<void> {
  const storage = createFileStorage(t.config.storage);
  try {
    await seedKetang(t.database.db, storage, DEMO_CLASSROOM, { mediaDir: fixtureMediaDir() });
  } finally {
    await storage.close();
  }
}
