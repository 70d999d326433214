/**
 * Makes the classroom's demo media in apps/api/seed-media/ketang: the lesson videos (slides with the
 * lesson's key points and a synthesised plucked-string track, H.264 Main + AAC, 640×360, +faststart),
 * the PDF courseware (A4 pages at 150 dpi whose tables come from packages/almanac) and manifest.json, which the
 * classroom's seed reads: {videos: [{file, title, seconds, topic}], courseware: [{file, title, pages, bytes}]}.
 *
 * The output is committed, so the server, the tests and CI never need this script or ffmpeg. To change
 * a lesson or a sheet, edit scripts/ketang-media/lessons.ts or courseware.ts and run, from the
 * repository root (Node 24, ffmpeg and ffprobe on PATH — `apt-get install -y ffmpeg` — and the Noto CJK
 * fonts — scripts/ensure-browser.sh installs them):
 *
 *   export PATH=$PWD/node_modules/.bin:$PATH
 *   node apps/api/scripts/make-ketang-media.ts                 # all media and the manifest
 *   node apps/api/scripts/make-ketang-media.ts --preview /tmp/k  # also every slide and page as PNG
 *
 * Then look at the previews and run `vitest run test/ketang-media.test.ts` in apps/api. Budgets (the
 * script refuses to write a manifest that breaks them): every video 20–40 s, all videos together
 * ≤ 3 MB, every PDF ≤ 300 KB.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { coursewareDocs, coursewarePage } from './ketang-media/courseware.ts';
import { LESSONS, type LessonScript } from './ketang-media/lessons.ts';
import { imagePdf } from './ketang-media/pdf.ts';
import { outroSlide, pointSlide, titleSlide } from './ketang-media/slides.ts';
import { lessonTone, wavFile } from './ketang-media/tone.ts';
import { encodeLessonVideo, probeSeconds, type TimedSlide } from './ketang-media/video.ts';

/** Where the media and the manifest go (the classroom seed reads this folder). */
const OUT_DIR = fileURLToPath(new URL('../seed-media/ketang/', import.meta.url));
/** All lesson videos together may take at most this many bytes (3 MB). */
const VIDEO_BUDGET = 3_000_000;
/** One courseware PDF may take at most this many bytes (300 KB). */
const PDF_BUDGET = 300_000;

/** manifest.json as the classroom seed reads it. */
interface Manifest {
  videos: { file: string; title: string; seconds: number; topic: string }[];
  courseware: { file: string; title: string; pages: number; bytes: number }[];
}

/**
 * How long each slide of a lesson stays on screen: 4.5 s for the opening, for each point the time
 * to read what the teacher says (about 5.5 characters a second, plus 1.5 s) within 5–8.5 s, and the
 * closing card takes the rest up to a whole number of seconds (so the lesson's duration is whole).
 */
function slideSeconds(lesson: LessonScript): number[] {
  const points = lesson.points.map((p) => {
    const reading = 1.5 + [...p.say].length / 5.5;
    return Math.min(8.5, Math.max(5, Math.round(reading * 2) / 2));
  });
  const seconds = [4.5, ...points, 4.5];
  const total = seconds.reduce((a, b) => a + b, 0);
  seconds[seconds.length - 1] += Math.ceil(total) - total;
  return seconds;
}

async function makeVideo(
  lesson: LessonScript,
  index: number,
  work: string,
  preview?: string,
): Promise<number> {
  const svgs = [
    titleSlide(lesson),
    ...lesson.points.map((_, i) => pointSlide(lesson, i)),
    outroSlide(lesson),
  ];
  const seconds = slideSeconds(lesson);
  const slides: TimedSlide[] = [];
  for (const [i, svg] of svgs.entries()) {
    const png = join(work, `${index}-${i}.png`);
    await sharp(Buffer.from(svg)).png().toFile(png);
    if (preview)
      await sharp(Buffer.from(svg))
        .png()
        .toFile(join(preview, `${lesson.file}-${i}.png`));
    slides.push({ png, seconds: seconds[i] });
  }
  const total = seconds.reduce((a, b) => a + b, 0);
  const cues = seconds.map((_, i) => seconds.slice(0, i).reduce((a, b) => a + b, 0));
  const wav = join(work, `${index}.wav`);
  writeFileSync(wav, wavFile(lessonTone(total, cues, index + 1)));
  const out = join(OUT_DIR, lesson.file);
  encodeLessonVideo(slides, wav, out);
  // The lesson's duration as the player will report it, to the whole second.
  const measured = Math.round(probeSeconds(out));
  if (measured < 20 || measured > 40) throw new Error(`${lesson.file}: ${measured} s is outside 20–40 s`);
  return measured;
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
    const pdf = imagePdf(pages, doc.title);
    if (pdf.length > PDF_BUDGET) throw new Error(`${doc.file}: ${pdf.length} bytes is over ${PDF_BUDGET}`);
    writeFileSync(join(OUT_DIR, doc.file), pdf);
    entries.push({ file: doc.file, title: doc.title, pages: pages.length, bytes: pdf.length });
  }
  return entries;
}

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--preview');
  const preview = flag >= 0 ? process.argv[flag + 1] : undefined;
  if (preview) mkdirSync(preview, { recursive: true });
  // Start from an empty folder so a renamed lesson leaves no stale file behind.
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'ketang-media-'));
  try {
    const videos: Manifest['videos'] = [];
    for (const [i, lesson] of LESSONS.entries()) {
      const seconds = await makeVideo(lesson, i, work, preview);
      videos.push({ file: lesson.file, title: lesson.title, seconds, topic: lesson.topic });
      console.log(`${lesson.file}  ${seconds} s  ${statSync(join(OUT_DIR, lesson.file)).size} bytes`);
    }
    const videoBytes = videos.reduce((sum, v) => sum + statSync(join(OUT_DIR, v.file)).size, 0);
    if (videoBytes > VIDEO_BUDGET) throw new Error(`videos take ${videoBytes} bytes, over ${VIDEO_BUDGET}`);
    const courseware = await makeCourseware(preview);
    for (const c of courseware) console.log(`${c.file}  ${c.pages} pages  ${c.bytes} bytes`);
    const manifest: Manifest = { videos, courseware };
    writeFileSync(join(OUT_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`videos ${videoBytes} bytes in all; files: ${readdirSync(OUT_DIR).length}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
