/**
 * Makes the classroom's demo media into apps/api/seed-media/ketang (gitignored, made at build time):
 * one narrated lesson video for every lesson of every demo course — slides with the lecture's key
 * points, the line being said as a caption, and espeak-ng's Mandarin voice reading the lecture of
 * scripts/ketang-media/lessons/ — the free courseware PDFs (tables from packages/almanac), and
 * manifest.json, which the classroom's seed reads:
 *
 *   {inputs, videos: [{file, course, lesson, title, seconds, bytes}], courseware: [{file, title, pages, bytes}]}
 *
 * `npm start` and the e2e runner call it (scripts/web-build.ts `ensureKetangMedia`) when the manifest
 * is missing or `inputs` (scripts/ketang-media/inputs.ts) no longer matches; after installing ffmpeg,
 * espeak-ng and the Noto CJK fonts with apt when missing (scripts/ensure-media-tools.sh). A lesson's file
 * is named by a hash of its script, its slides' and voice's code and the tools' versions, so a run
 * re-makes only the lessons that changed and keeps the others. By hand, from the repository root:
 *
 *   export PATH=$PWD/node_modules/.bin:$PATH
 *   node apps/api/scripts/make-ketang-media.ts                    # what is missing or changed
 *   node apps/api/scripts/make-ketang-media.ts --preview /tmp/k   # also every slide and page as PNG
 *   node apps/api/scripts/make-ketang-media.ts --only bazi-rumen  # one course (the manifest keeps the rest)
 *
 * Every video is checked before the manifest is written: faststart H.264 Main 960×540 with AAC, as
 * long as its narration to the second (whole seconds, so a player's clock and the lesson list agree).
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { WrittenMediaManifest } from '../src/modules/ketang/index.ts';
import { coursewareDocs, coursewarePage } from './ketang-media/courseware.ts';
import { mediaInputsHash } from './ketang-media/inputs.ts';
import { checkVideo, makeVideo } from './ketang-media/lesson-video.ts';
import { type LessonScript, lessonScripts } from './ketang-media/lessons.ts';
import { espeakVersion, VOICE } from './ketang-media/narration.ts';
import { imagePdf } from './ketang-media/pdf.ts';
import { ffmpegVersion, probeSeconds } from './ketang-media/video.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the media and the manifest go (the classroom seed reads this folder). */
export const OUT_DIR = fileURLToPath(new URL('../seed-media/ketang/', import.meta.url));
/** One courseware PDF may take at most this many bytes (300 KB). */
const PDF_BUDGET = 300_000;
/** A lesson's length must lie within these (seconds): a real short lecture, not a clip. */
const LESSON_SECONDS = { min: 110, max: 330 } as const;

/** manifest.json, as the classroom seed reads it. */
type Manifest = WrittenMediaManifest;

/** A video of the manifest. */
type ManifestVideo = Manifest['videos'][number];

/** Source of the modules a video is drawn and voiced by: a change re-makes every lesson. */
const TOOL_SOURCES = ['lesson-video.ts', 'slides.ts', 'svg.ts', 'narration.ts', 'video.ts'].map((name) =>
  readFileSync(fileURLToPath(new URL(`./ketang-media/${name}`, import.meta.url)), 'utf8'),
);

/** The file name of `lesson`'s video: course, number and a hash of all it is made from. */
function videoFileOf(lesson: LessonScript, tools: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(lesson))
    .update(tools)
    .update(TOOL_SOURCES.join('\0'))
    .digest('hex')
    .slice(0, 10);
  return `${lesson.course}-${String(lesson.no).padStart(2, '0')}-${hash}.mp4`;
}

async function makeCourseware(preview?: string): Promise<Manifest['courseware']> {
  const entries: Manifest['courseware'] = [];
  for (const doc of coursewareDocs()) {
    const pages: Buffer[] = [];
    for (let i = 0; i < doc.bodies.length; i++) {
      const svg = Buffer.from(coursewarePage(doc, i));
      // 16 colours (4-bit) hold the page's few inks and their anti-aliased edges; no dithering, so
      // flat areas stay flat and compress well.
      const png = await sharp(svg)
        .flatten({ background: '#ffffff' })
        .png({ palette: true, colours: 16, dither: 0, compressionLevel: 9, effort: 10 })
        .toBuffer();
      if (preview) writeFileSync(join(preview, `${doc.file}-${i + 1}.png`), png);
      pages.push(png);
    }
    const pdf = await imagePdf(pages, doc.title);
    if (pdf.length > PDF_BUDGET) throw new Error(`${doc.file}: ${pdf.length} bytes is over ${PDF_BUDGET}`);
    writeFileSync(join(OUT_DIR, doc.file), pdf);
    entries.push({ file: doc.file, title: doc.title, pages: pages.length, bytes: pdf.length });
  }
  return entries;
}

/** The manifest now in {@link OUT_DIR}, or null. */
function currentManifest(): Manifest | null {
  try {
    const manifest = JSON.parse(readFileSync(join(OUT_DIR, 'manifest.json'), 'utf8')) as Manifest;
    return Array.isArray(manifest.videos) ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * The length of a video an interrupted run finished before the manifest was written (its name is the
 * hash of everything it is made from, and only a whole, checked file is given it), or undefined.
 */
function finishedEarlier(path: string): number | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const seconds = Math.round(probeSeconds(path));
    checkVideo(path, seconds);
    return seconds;
  } catch {
    return undefined;
  }
}

/** Makes (or keeps) the video of each of `lessons`, a few at a time; answers their manifest entries. */
async function makeVideos(lessons: LessonScript[], preview?: string): Promise<ManifestVideo[]> {
  const tools = `${espeakVersion()}\n${ffmpegVersion()}\n${JSON.stringify(VOICE)}`;
  const known = new Map((currentManifest()?.videos ?? []).map((video) => [video.file, video]));
  const entries: ManifestVideo[] = new Array(lessons.length);
  let next = 0;
  let made = 0;
  const worker = async () => {
    const work = mkdtempSync(join(tmpdir(), 'ketang-media-'));
    try {
      for (let i = next++; i < lessons.length; i = next++) {
        const lesson = lessons[i]!;
        const file = videoFileOf(lesson, tools);
        const path = join(OUT_DIR, file);
        let seconds = known.get(file)?.seconds ?? finishedEarlier(path);
        if (seconds === undefined || !existsSync(path) || preview) {
          const started = Date.now();
          // Made under a passing name and renamed when whole and checked, so that a file under its
          // final name is always complete (an interrupted run's are kept by the next).
          const making = join(OUT_DIR, `.${file}.making.mp4`);
          seconds = await makeVideo(lesson, making, work, preview);
          checkVideo(making, seconds);
          renameSync(making, path);
          made++;
          console.log(
            `${file}  ${seconds} s  ${statSync(path).size} bytes  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
          );
        }
        if (seconds < LESSON_SECONDS.min || seconds > LESSON_SECONDS.max)
          throw new Error(`${file}: ${seconds} s is outside ${LESSON_SECONDS.min}–${LESSON_SECONDS.max} s`);
        entries[i] = {
          file,
          course: lesson.course,
          lesson: lesson.no,
          title: lesson.title,
          seconds,
          bytes: statSync(path).size,
        };
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };
  // ffmpeg and espeak-ng each use one core for these small frames: one lesson per core.
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, cpus().length)) }, worker));
  console.log(`${made} of ${lessons.length} lesson videos made, ${lessons.length - made} kept`);
  return entries;
}

async function main(): Promise<void> {
  const flag = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const preview = flag('--preview');
  const only = flag('--only');
  if (preview) mkdirSync(preview, { recursive: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const started = Date.now();
  const all = lessonScripts();
  const lessons = only ? all.filter((lesson) => lesson.course === only) : all;
  if (lessons.length === 0) throw new Error(`no demo course ${only}`);
  const made = await makeVideos(lessons, preview);
  // With --only, the other courses keep the entries (and files) they had.
  const kept = only ? (currentManifest()?.videos ?? []).filter((video) => video.course !== only) : [];
  const videos = [...kept, ...made].sort(
    (a, b) =>
      all.findIndex((l) => l.course === a.course && l.no === a.lesson) -
      all.findIndex((l) => l.course === b.course && l.no === b.lesson),
  );
  const courseware = await makeCourseware(preview);
  // A partial run (--only) leaves the inputs unrecorded, so the next build completes the set.
  const manifest: Manifest = { inputs: only ? '' : mediaInputsHash(REPO_ROOT), videos, courseware };
  writeFileSync(join(OUT_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Files of lessons that changed or went away.
  const wanted = new Set(['manifest.json', ...videos.map((v) => v.file), ...courseware.map((c) => c.file)]);
  for (const name of readdirSync(OUT_DIR))
    if (!wanted.has(name)) rmSync(join(OUT_DIR, name), { force: true });
  const videoBytes = videos.reduce((sum, v) => sum + v.bytes, 0);
  const videoSeconds = videos.reduce((sum, v) => sum + v.seconds, 0);
  console.log(
    `${videos.length} videos, ${(videoSeconds / 60).toFixed(1)} min, ${(videoBytes / 1e6).toFixed(1)} MB; ` +
      `${courseware.length} PDFs; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
