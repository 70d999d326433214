/**
 * The classroom's demo media generator (scripts/make-ketang-media.ts) in the parts that need neither
 * ffmpeg nor espeak-ng: every lesson of every demo course has a lecture about its own title, long
 * enough to be a lecture, whose slides and captions fit the frame; what espeak-ng is sent (numbers in
 * words, fixed readings); the build's inputs hash; the MP4 checks the generator applies, against
 * the committed sample videos; and the courseware PDFs it writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaInputsHash } from '../scripts/ketang-media/inputs.ts';
import { closingWords, lessonScripts, openingWords } from '../scripts/ketang-media/lessons.ts';
import { mp4Facts, streamProblem } from '../scripts/ketang-media/mp4-facts.ts';
import {
  CAPTION_MAX,
  captionLines,
  chineseNumber,
  READINGS,
  spokenText,
} from '../scripts/ketang-media/narration.ts';
import { A4_POINTS, imagePdf } from '../scripts/ketang-media/pdf.ts';
import { outroSlide, pointSlide, titleSlide } from '../scripts/ketang-media/slides.ts';
import { COURSE_SEEDS } from '../seed/ketang/courses.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SAMPLES = fileURLToPath(new URL('media/', import.meta.url));
const scripts = lessonScripts();

/** Characters espeak-ng says in a lesson (marks are pauses, not sounds). */
function spokenLength(words: string[]): number {
  return words.join('').replace(/[，。、：；！？“”（）《》\s]/g, '').length;
}

describe('demo lectures', () => {
  it('give every lesson of every demo course a lecture under its own title, in order', () => {
    const expected = COURSE_SEEDS.flatMap((course) =>
      course.lessons.map((lesson, i) => `${course.id} ${i + 1} ${lesson.title}`),
    );
    expect(scripts.map((s) => `${s.course} ${s.no} ${s.title}`)).toEqual(expected);
    // No two lectures say the same thing.
    expect(new Set(scripts.map((s) => s.points.map((p) => p.say).join())).size).toBe(scripts.length);
  });

  it.each(scripts.map((s) => [`${s.course} ${s.no}`, s] as const))(
    '%s is a lecture of 3–5 points, 2–4 minutes of speech',
    (_, lesson) => {
      expect(lesson.points.length).toBeGreaterThanOrEqual(3);
      expect(lesson.points.length).toBeLessThanOrEqual(5);
      const words = [openingWords(lesson), ...lesson.points.map((p) => p.say), closingWords(lesson)];
      // espeak-ng's Mandarin at the generator's speed says about 2.7 characters a second.
      const chars = spokenLength(words);
      expect(chars).toBeGreaterThanOrEqual(290);
      expect(chars).toBeLessThanOrEqual(650);
      expect(lesson.next).toBe(
        scripts.find((s) => s.course === lesson.course && s.no === lesson.no + 1)?.title ?? null,
      );
    },
  );

  it.each(scripts.map((s) => [`${s.course} ${s.no}`, s] as const))(
    '%s: every slide and caption fits the frame',
    (_, lesson) => {
      for (const line of captionLines(openingWords(lesson)))
        expect(() => titleSlide(lesson, line)).not.toThrow();
      lesson.points.forEach((point, i) => {
        for (const line of captionLines(point.say)) {
          expect([...line].length).toBeLessThanOrEqual(CAPTION_MAX);
          expect(() => pointSlide(lesson, i, line)).not.toThrow();
        }
      });
      for (const line of captionLines(closingWords(lesson)))
        expect(() => outroSlide(lesson, line)).not.toThrow();
    },
  );
});

describe('what espeak-ng is sent', () => {
  it('says numbers in words: years digit by digit, times, quantities with 两', () => {
    expect(spokenText('2027年2月4日 09:46')).toBe('二〇二七年二月四日 九点四十六分');
    expect(spokenText('108颗、20讲、共12个')).toBe('一百零八颗、二十讲、共十二个');
    expect(chineseNumber(2027)).toBe('两千零二十七');
    expect(chineseNumber(10)).toBe('十');
    expect(chineseNumber(110)).toBe('一百一十');
  });

  it('sends the fixed reading of a word espeak-ng misreads, longest word first, and drops quote marks', () => {
    expect(spokenText('天干地支与地支')).toBe('tian1 gan1 di4 zhi1 与 di4 支');
    expect(spokenText('正月建寅，《周易》')).toBe('zheng1 yue4 建寅，周易');
    for (const reading of Object.values(READINGS)) expect(reading).toMatch(/^([a-z]+[1-5] ?)+$/);
    // Every fixed reading is of a word some lecture says (the list is kept to what is needed).
    const said = scripts
      .map((lesson) =>
        [openingWords(lesson), ...lesson.points.map((p) => p.say), closingWords(lesson)].join(''),
      )
      .join('');
    expect(Object.keys(READINGS).filter((word) => !said.includes(word))).toEqual([]);
  });

  it('says 地 as dì and 为 as wéi except in the words that say wèi', () => {
    expect(spokenText('空地')).toBe('kong4 di4');
    expect(spokenText('出生地')).toBe('出生 di4');
    expect(spokenText('同为阴，为了')).toBe('同 wei2 阴， wei4 le5');
  });

  it('cuts captions at sentences, and long sentences at their commas', () => {
    expect(captionLines('一句。两句！三句？')).toEqual(['一句。', '两句！', '三句？']);
    const long = `${'甲'.repeat(30)}，${'乙'.repeat(30)}，${'丙'.repeat(5)}。`;
    expect(captionLines(long)).toEqual([`${'甲'.repeat(30)}，`, `${'乙'.repeat(30)}，${'丙'.repeat(5)}。`]);
  });
});

describe('the build', () => {
  it('hashes the generator’s inputs the same way twice, so an unchanged build makes nothing', () => {
    expect(mediaInputsHash(REPO_ROOT)).toMatch(/^[0-9a-f]{64}$/);
    expect(mediaInputsHash(REPO_ROOT)).toBe(mediaInputsHash(REPO_ROOT));
  });

  it('accepts a faststart H.264 Main + AAC video and names what is wrong with another', () => {
    const sample = readFileSync(join(SAMPLES, 'bazi-ganzhi.mp4'));
    const facts = mp4Facts(sample);
    expect(streamProblem(facts, 640, 360)).toBeNull();
    expect(Math.round(facts.seconds)).toBe(35);
    expect(streamProblem(facts, 960, 540)).toBe('640×360');
    expect(streamProblem({ ...facts, order: ['ftyp', 'mdat', 'moov'] }, 640, 360)).toMatch(/faststart/);
    expect(streamProblem({ ...facts, audio: false }, 640, 360)).toBe('no AAC track');
  });
});

describe('courseware PDFs', () => {
  it('put each indexed-colour page on an A4 page, its PNG data as it is, titled in Chinese', async () => {
    const pngs = await Promise.all(
      ['#000000', '#c0392b'].map((ink) =>
        sharp(
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="877"><rect width="620" height="877" fill="#fff"/><circle cx="310" cy="400" r="200" fill="${ink}"/></svg>`,
          ),
        )
          .png({ palette: true, colours: 16, dither: 0 })
          .toBuffer(),
      ),
    );
    const bytes = await imagePdf(pngs, '干支与五行');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The same pages make the same file (no creation date in it).
    expect((await imagePdf(pngs, '干支与五行')).equals(bytes)).toBe(true);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('干支与五行');
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) {
      expect(page.getSize()).toEqual(A4_POINTS);
    }
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images).toHaveLength(2);
    // Not decoded and stored again as RGB pixels: the file is the pages' PNG data and a little more.
    const pngBytes = pngs.reduce((sum, png) => sum + png.length, 0);
    expect(bytes.length).toBeLessThan(pngBytes + 4096);
  });
});
