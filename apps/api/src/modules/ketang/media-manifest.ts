/**
 * The seeded lesson videos and courseware: files in `apps/api/seed-media/ketang/` described by its
 * `manifest.json` — `{videos: [{file, title, seconds, topic}], courseware: [{file, title, pages,
 * bytes}]}` — made once with ffmpeg and committed. The seed copies them into the file storage and
 * takes each lesson's duration from its video's `seconds`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the committed media live. */
export const SEED_MEDIA_DIR = fileURLToPath(new URL('../../../seed-media/ketang/', import.meta.url));

/** A seeded video. */
export interface ManifestVideo {
  file: string;
  title: string;
  /** Length in seconds (may have a fraction). */
  seconds: number;
  /** What it is about ('bazi', 'fengshui' …): lessons of a course play videos of its topic. */
  topic: string;
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
 * The manifest in `dir`, checked; null when the folder has none (an install without the demo media
 * seeds no courses). A malformed manifest is an error: it is ours and committed.
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
    const seconds = numberOf(entry, 'seconds', where);
    if (seconds <= 0) fail(`${where}: seconds must be positive`);
    return {
      file: fileOf(entry, where),
      title: textOf(entry, 'title', where),
      seconds,
      topic: textOf(entry, 'topic', where),
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
