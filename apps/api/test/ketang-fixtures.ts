/**
 * Test helper: classroom rows and files written straight into the test app's database and storage, so
 * that tests set up exactly the courses, lessons, purchases and media they talk about instead of
 * depending on the demo classroom's seed; and a small media folder in the seed's manifest format.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { courseCategories, courseRow, courses, lessons, seedKetang } from '../src/modules/ketang/index.ts';
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
  title: string;
  seconds: number;
  topic: string;
  bytes: number;
}

/**
 * Writes a media folder in the seed's format into `dir`: small stand-in videos (one per topic, two of
 * 八字) and one PDF, with manifest.json. Answers the manifest's videos.
 */
export function writeFixtureMedia(dir: string): FixtureMediaVideo[] {
  mkdirSync(dir, { recursive: true });
  const videos: FixtureMediaVideo[] = [
    { file: 'bazi-a.mp4', title: '干支', seconds: 31.4, topic: 'bazi', bytes: 1200 },
    { file: 'bazi-wuxing.mp4', title: '五行', seconds: 42, topic: 'bazi', bytes: 1300 },
    { file: 'fengshui-a.mp4', title: '罗盘', seconds: 25.6, topic: 'fengshui', bytes: 900 },
    { file: 'liuyao-a.mp4', title: '起卦', seconds: 33, topic: 'liuyao', bytes: 1000 },
    { file: 'zeri-a.mp4', title: '黄历', seconds: 28, topic: 'zeri', bytes: 1100 },
  ];
  for (const [i, video] of videos.entries()) {
    writeFileSync(join(dir, video.file), Buffer.alloc(video.bytes, i + 1));
  }
  const pdf = Buffer.from('%PDF-1.4\n% fixture courseware\n%%EOF\n');
  writeFileSync(join(dir, 'ganzhi-table.pdf'), pdf);
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      videos: videos.map(({ file, title, seconds, topic }) => ({ file, title, seconds, topic })),
      courseware: [{ file: 'ganzhi-table.pdf', title: '六十甲子表', pages: 1, bytes: pdf.length }],
    }),
  );
  return videos;
}

/**
 * Makes sure the demo classroom is seeded in `t`: the app's own seed did it when the committed media
 * are present; otherwise the seed runs here on a {@link writeFixtureMedia} folder (same courses and
 * lessons, stand-in videos).
 */
export async function seedDemoClassroom(t: TestApp): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-ketang-media-'));
  const storage = createFileStorage(t.config.storage);
  try {
    writeFixtureMedia(dir);
    await seedKetang(t.database.db, storage, { mediaDir: dir });
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
