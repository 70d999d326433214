/**
 * Seeds a demo classroom handed in by the seed runner (apps/api/seed/ketang: the courses' data and
 * cover artwork live there, not in this module): categories by name, covers, the lesson videos and
 * courseware of seed-media/ketang copied into the file storage, then each course — with its lessons,
 * in one transaction — by id, and each courseware row by slug. Every lesson plays the video made for
 * it (the manifest's entry of its course and number), and its duration is read from the stored file,
 * as an uploaded video's is, so a course's stated length is what its videos add up to. Like the other
 * seeds it only adds what is missing: an operator's edits, prices and deletions of lessons stay; to
 * hand a course back to the seed, delete it. The one thing it changes is a demo lesson the operators
 * left as seeded (same title, a seeded video) whose video the build has re-made: it plays the new file.
 * Safe when several API processes start at once (`ON CONFLICT DO NOTHING`; files are written to a
 * temporary name and renamed). Without the media folder's manifest, or without a video for every
 * lesson of a course, that course is not seeded (a lesson without its video has nothing to play).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idsByName } from '../../shared/ids-by-name.ts';
import { mp4DurationSeconds } from '../../shared/media-file.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { courseRow } from './course-row.ts';
import {
  type ManifestVideo,
  type MediaManifest,
  readMediaManifest,
  SEED_MEDIA_DIR,
} from './media-manifest.ts';
import { LESSON_MEDIA_PREFIX } from './media-url.ts';
import { courseCategories, courses, courseware, lessons } from './schema.ts';

/**
 * A seeded lesson: its title, whether it is a free preview (试看) and the terms it teaches (the chart's
 * term sheets list it under 相关课程). Its video is the manifest's of its course and number.
 */
export interface LessonSeed {
  title: string;
  free?: boolean;
  tags?: readonly string[];
}

/** A seeded course; `category` names one of the classroom's seeded categories. */
export interface CourseSeed {
  id: string;
  title: string;
  subtitle: string;
  category: string;
  teacherSellid: number;
  free: boolean;
  /** HTML (sanitised when written). */
  intro: string;
  lessons: readonly LessonSeed[];
  sort: number;
}

/** The demo courses' covers: where a course's cover is stored and how it is drawn. */
export interface CourseCovers<Course extends CourseSeed = CourseSeed> {
  key(course: Course): string;
  render(course: Course): Promise<Buffer>;
}

/** A demo classroom: its categories and courses in display order, and the covers they show. */
export interface DemoClassroom<Course extends CourseSeed = CourseSeed> {
  categories: readonly { name: string; sort: number }[];
  courses: readonly Course[];
  /**
   * Which course each seeded courseware file (by the manifest's `file`) belongs with; files not named
   * here are general material (no course).
   */
  courseware: Readonly<Record<string, string>>;
  covers: CourseCovers<Course>;
}

/** Where the seed finds its media; tests point it at a folder of their own. */
export interface KetangSeedOptions {
  mediaDir?: string;
}

/** Stores the rendered covers the storage lacks. */
async function storeCovers<Course extends CourseSeed>(
  storage: FileStorage,
  classroom: DemoClassroom<Course>,
): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const seed of classroom.courses) {
    const key = classroom.covers.key(seed);
    if (!(await storage.stat(key))) await storage.put(key, await classroom.covers.render(seed));
    urls.set(seed.id, `/api/files/${key}`);
  }
  return urls;
}

/**
 * Copies a media file into the storage under `<folder><name>-<hash of its bytes><ext>` unless it is
 * there already; answers the key. The hash makes a re-made file a new key (caches never mix them up).
 */
async function storeMediaFile(
  storage: FileStorage,
  dir: string,
  file: string,
  folder: string,
): Promise<string> {
  const path = join(dir, file);
  const hash = createHash('sha256')
    .update(await readFile(path))
    .digest('hex')
    .slice(0, 10);
  const extension = extname(file).toLowerCase();
  const key = `${folder}${file.slice(0, file.length - extension.length)}-${hash}${extension}`;
  if (!(await storage.stat(key))) await storage.put(key, createReadStream(path));
  return key;
}

/** Where seeded lesson videos are stored (operators' uploads go to LESSON_VIDEO_FOLDER instead). */
const SEEDED_VIDEOS = `${LESSON_MEDIA_PREFIX}videos/`;

/** A lesson's video as stored: its key and its length in whole seconds, read from the file. */
interface StoredVideo {
  key: string;
  seconds: number;
}

/**
 * Stores `video` (unless stored) and reads its length from the stored file, rounded to the second as
 * an uploaded video's is; a file that states no length is refused (the manifest is ours).
 */
async function storeLessonVideo(
  storage: FileStorage,
  dir: string,
  video: ManifestVideo,
): Promise<StoredVideo> {
  const key = await storeMediaFile(storage, dir, video.file, SEEDED_VIDEOS);
  const size = (await storage.stat(key))?.size ?? 0;
  const seconds = await mp4DurationSeconds(storage, key, size);
  if (seconds === null)
    throw new Error(`seed-media ${video.file}: the file states no length (${size} bytes stored as ${key})`);
  return { key, seconds: Math.round(seconds) };
}

/** The stored video of each lesson of `seed`, in lesson order, or null when the manifest lacks one. */
async function lessonVideos(
  storage: FileStorage,
  dir: string,
  seed: CourseSeed,
  manifest: MediaManifest,
): Promise<StoredVideo[] | null> {
  const stored: StoredVideo[] = [];
  for (const [i] of seed.lessons.entries()) {
    const video = manifest.videos.find((v) => v.course === seed.id && v.lesson === i + 1);
    if (!video) return null;
    stored.push(await storeLessonVideo(storage, dir, video));
  }
  return stored;
}

/**
 * Points the lessons of an existing demo course that operators left as seeded — title as seeded, a
 * video the seed stored — at the videos made for them now, with their lengths (an install seeded
 * before the build re-made a lecture, or before each lesson had its own). Answers the rows changed.
 */
async function refreshSeededLessons(db: Db, seed: CourseSeed, videos: StoredVideo[]): Promise<number> {
  const rows = await db
    .select({ id: lessons.id, no: lessons.no, title: lessons.title, video: lessons.video })
    .from(lessons)
    .where(eq(lessons.courseId, seed.id));
  let changed = 0;
  for (const row of rows) {
    const video = videos[row.no - 1];
    const seeded = seed.lessons[row.no - 1];
    if (
      !video ||
      row.title !== seeded?.title ||
      !row.video.startsWith(SEEDED_VIDEOS) ||
      row.video === video.key
    )
      continue;
    // Conditional on the video read above: an operator's change in the meantime wins.
    const updated = await db
      .update(lessons)
      .set({ video: video.key, duration: video.seconds })
      .where(and(eq(lessons.id, row.id), eq(lessons.video, row.video), eq(lessons.title, row.title)))
      .returning({ id: lessons.id });
    changed += updated.length;
  }
  return changed;
}

/** Inserts course `seed` with its lessons unless its id exists; answers the rows written. */
async function seedCourse(
  db: Db,
  seed: CourseSeed,
  categoryId: number,
  cover: string,
  videos: StoredVideo[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values(
        courseRow({
          id: seed.id,
          title: seed.title,
          subtitle: seed.subtitle,
          cover,
          teacherSellid: seed.teacherSellid,
          categoryId,
          intro: seed.intro,
          free: seed.free,
          sort: seed.sort,
        }),
      )
      .onConflictDoNothing({ target: courses.id })
      .returning({ id: courses.id });
    if (!course) return 0;
    const inserted = await tx
      .insert(lessons)
      .values(
        seed.lessons.map((lesson, i) => ({
          courseId: seed.id,
          no: i + 1,
          title: lesson.title,
          duration: videos[i]!.seconds,
          free: lesson.free ?? false,
          video: videos[i]!.key,
          tags: [...(lesson.tags ?? [])],
        })),
      )
      .returning({ id: lessons.id });
    return 1 + inserted.length;
  });
}

/** Inserts the courseware rows missing by slug (the file's name without its extension). */
async function seedCourseware(
  db: Db,
  manifest: MediaManifest,
  keys: Map<string, string>,
  coursewareCourses: Readonly<Record<string, string>>,
): Promise<number> {
  if (manifest.courseware.length === 0) return 0;
  const wanted = [...new Set(Object.values(coursewareCourses))];
  const existing = new Set(
    wanted.length === 0
      ? []
      : (await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, wanted))).map(
          (row) => row.id,
        ),
  );
  const rows = manifest.courseware.map((item, i) => {
    const courseId = coursewareCourses[item.file];
    return {
      slug: item.file.slice(0, item.file.length - extname(item.file).length),
      // A course an operator deleted leaves its courseware as general material.
      courseId: courseId && existing.has(courseId) ? courseId : null,
      title: item.title,
      fileName: `${item.title}${extname(item.file).toLowerCase()}`,
      file: keys.get(item.file)!,
      pages: item.pages,
      bytes: item.bytes,
      sort: (i + 1) * 10,
    };
  });
  const inserted = await db
    .insert(courseware)
    .values(rows)
    .onConflictDoNothing({ target: courseware.slug })
    .returning({ id: courseware.id });
  return inserted.length;
}

/**
 * Seeds `classroom`; answers the database rows written (0 on a re-run with the same media). Files
 * missing from `storage` (covers, videos, courseware) are stored again on every run, so a fresh
 * storage gets them.
 */
export async function seedKetang<Course extends CourseSeed>(
  db: Db,
  storage: FileStorage,
  classroom: DemoClassroom<Course>,
  options: KetangSeedOptions = {},
): Promise<number> {
  const categories = await db
    .insert(courseCategories)
    .values(classroom.categories.map((category) => ({ name: category.name, sort: category.sort })))
    .onConflictDoNothing({ target: courseCategories.name })
    .returning({ id: courseCategories.id });
  let written = categories.length;
  const dir = options.mediaDir ?? SEED_MEDIA_DIR;
  const manifest = await readMediaManifest(dir);
  if (!manifest || manifest.videos.length === 0) return written;

  const covers = await storeCovers(storage, classroom);
  const coursewareKeys = new Map<string, string>();
  for (const item of manifest.courseware) {
    coursewareKeys.set(item.file, await storeMediaFile(storage, dir, item.file, 'ketang/kejian/'));
  }

  const ids = await idsByName(
    db,
    courseCategories,
    classroom.categories.map((category) => category.name),
  );
  for (const seed of classroom.courses) {
    const categoryId = ids.get(seed.category);
    // An operator renamed or removed the category: the course is not seeded into another one.
    if (categoryId === undefined) continue;
    const videos = await lessonVideos(storage, dir, seed, manifest);
    if (!videos) continue;
    written += await seedCourse(db, seed, categoryId, covers.get(seed.id)!, videos);
    written += await refreshSeededLessons(db, seed, videos);
  }
  written += await seedCourseware(db, manifest, coursewareKeys, classroom.courseware);
  return written;
}
