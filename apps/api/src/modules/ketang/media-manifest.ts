/**
 * The demo classroom's lesson videos and courseware: files in `apps/api/seed-media/ketang/` described
 * by its `manifest.json` — `{inputs, videos: [{file, course, lesson, title, seconds, bytes}],
 * courseware: [{file, title, pages, bytes}]}` — made at build time by scripts/make-ketang-media.ts
 * (gitignored; `npm start` and the e2e runner make them when missing). Each video belongs to one lesson
 * of one demo course (`course` id, `lesson` number). The seed copies the files into the file storage;
 * a lesson's duration is read from its stored file, as an uploaded video's is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the build puts the demo media. */
export const SEED_MEDIA_DIR = fileURLToPath(new URL('../../../seed-media/ketang/', import.meta.url));

/** A lesson video of the demo. */
export interface ManifestVideo {
  file: string;
  /** The demo course it belongs to ('bazi-rumen'). */
  course: string;
  /** Its lesson's number in that course, from 1. */
  lesson: number;
  title: string;
  /** Length in seconds as the generator measured it (the seed reads the stored file instead). */
  seconds: number;
}

/** A seeded courseware file. */
export interface ManifestCourseware {
  file: string;
  title: string;
  pages: number;
  bytes: number;
}

/** The manifest. */
export interface MediaManifest {
  videos: ManifestVideo[];
  courseware: ManifestCourseware[];
}

/**
 * manifest.json as scripts/make-ketang-media.ts writes it: what the seed reads, each video's size, and
 * the hash of everything the media were made from (a later build re-makes them when it changed).
 */
export interface WrittenMediaManifest {
  inputs: string;
  videos: (ManifestVideo & { bytes: number })[];
  courseware: ManifestCourseware[];
}

/** A plain file name in the folder: no paths, no dotfiles. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,100}$/;

function fail(message: string): never {
  throw new Error(`seed-media manifest: ${message}`);
}

function fileOf(entry: Record<string, unknown>, where: string): string {
  const file = entry.file;
  if (typeof file !== 'string' || !FILE_NAME.test(file)) fail(`${where}: bad file ${JSON.stringify(file)}`);
  return file;
}

function textOf(entry: Record<string, unknown>, name: string, where: string): string {
  const value = entry[name];
  if (typeof value !== 'string' || value.trim() === '') fail(`${where}: ${name} must be a non-empty string`);
  return value;
}

function numberOf(entry: Record<string, unknown>, name: string, where: string): number {
  const value = entry[name];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    fail(`${where}: ${name} must be a number ≥ 0`);
  return value;
}

function entriesOf(manifest: Record<string, unknown>, name: string): Record<string, unknown>[] {
  const list = manifest[name] ?? [];
  if (!Array.isArray(list)) fail(`${name} must be a list`);
  return list.map((entry, i) => {
    if (typeof entry !== 'object' || entry === null) fail(`${name}[${i}] must be an object`);
    return entry as Record<string, unknown>;
  });
}

/**
 * The manifest in `dir`, checked; null when the folder has none (an install whose build made no demo
 * media seeds no courses). A malformed manifest is an error: it is ours.
 */
export async function readMediaManifest(dir: string): Promise<MediaManifest | null> {
  let text: string;
  try {
    text = await readFile(join(dir, 'manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) fail('not an object');
  const manifest = parsed as Record<string, unknown>;
  const videos = entriesOf(manifest, 'videos').map((entry, i) => {
    const where = `videos[${i}]`;
    const lesson = numberOf(entry, 'lesson', where);
    if (!Number.isInteger(lesson) || lesson < 1) fail(`${where}: lesson must be a whole number from 1`);
    return {
      file: fileOf(entry, where),
      course: textOf(entry, 'course', where),
      lesson,
      title: textOf(entry, 'title', where),
      seconds: numberOf(entry, 'seconds', where),
    };
  });
  const courseware = entriesOf(manifest, 'courseware').map((entry, i) => {
    const where = `courseware[${i}]`;
    return {
      file: fileOf(entry, where),
      title: textOf(entry, 'title', where),
      pages: Math.round(numberOf(entry, 'pages', where)),
      bytes: Math.round(numberOf(entry, 'bytes', where)),
    };
  });
  return { videos, courseware };
}
