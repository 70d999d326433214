/**
 * One lesson's video: its lines — the opening card's, each key point's, the summary's — each said by
 * espeak-ng and shown as its slide's caption while it is heard, with a pause after it; the end padded
 * to a whole second, so the file's length, a player's clock and the lesson list agree to the second.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { closingWords, type LessonScript, openingWords } from './lessons.ts';
import { mp4Facts, streamProblem } from './mp4-facts.ts';
import { captionLines, SAMPLE_RATE, speak, wavFile } from './narration.ts';
import { outroSlide, pointSlide, SLIDE_HEIGHT, SLIDE_WIDTH, titleSlide } from './slides.ts';
import { encodeLessonVideo, probeSeconds, type TimedFrame } from './video.ts';

/** Silence (seconds) before the first line, after a clause, after a sentence, and when the slide changes. */
const PAUSE = { start: 0.6, clause: 0.25, sentence: 0.45, slide: 0.9 } as const;

/** One caption line of a lesson and the slide it is shown on. */
interface Line {
  slide: (line: string) => string;
  text: string;
  /** The last line of its slide (a longer pause follows). */
  lastOfSlide: boolean;
}

/** The lines of `lesson` in order: the opening card's, each point's, the summary's. */
function linesOf(lesson: LessonScript): Line[] {
  const groups: [(line: string) => string, string][] = [
    [(line) => titleSlide(lesson, line), openingWords(lesson)],
    ...lesson.points.map((point, i): [(line: string) => string, string] => [
      (line) => pointSlide(lesson, i, line),
      point.say,
    ]),
    [(line) => outroSlide(lesson, line), closingWords(lesson)],
  ];
  return groups.flatMap(([slide, words]) => {
    const texts = captionLines(words);
    return texts.map((text, i) => ({ slide, text, lastOfSlide: i === texts.length - 1 }));
  });
}

/** Silence of `seconds`. */
const silence = (seconds: number) => new Int16Array(Math.round(seconds * SAMPLE_RATE));

/**
 * Speaks and draws `lesson` into `out`: each line said and shown as its slide's caption, followed by a
 * pause; the end padded to a whole second. Answers the length in seconds.
 */
export async function makeVideo(
  lesson: LessonScript,
  out: string,
  work: string,
  preview?: string,
): Promise<number> {
  const lines = linesOf(lesson);
  const sounds: Int16Array[] = [silence(PAUSE.start)];
  const frames: TimedFrame[] = [];
  let samples = sounds[0]!.length;
  for (const [i, line] of lines.entries()) {
    const voice = await speak(line.text, join(work, 'line.wav'));
    const pause = line.lastOfSlide
      ? PAUSE.slide
      : /[，、：]$/.test(line.text)
        ? PAUSE.clause
        : PAUSE.sentence;
    const after = silence(pause);
    sounds.push(voice, after);
    const png = join(work, `${i}.png`);
    const svg = Buffer.from(line.slide(line.text));
    await sharp(svg).png({ compressionLevel: 3 }).toFile(png);
    if (preview)
      await sharp(svg)
        .png()
        .toFile(join(preview, `${lesson.course}-${lesson.no}-${i}.png`));
    // The first line's picture is up during the opening silence too.
    const shown = (voice.length + after.length + (i === 0 ? samples : 0)) / SAMPLE_RATE;
    frames.push({ png, seconds: shown });
    samples += voice.length + after.length;
  }
  const seconds = Math.ceil(samples / SAMPLE_RATE);
  const pad = seconds * SAMPLE_RATE - samples;
  sounds.push(silence(pad / SAMPLE_RATE));
  frames.at(-1)!.seconds += pad / SAMPLE_RATE;
  const track = new Int16Array(seconds * SAMPLE_RATE);
  let at = 0;
  for (const sound of sounds) {
    track.set(sound.subarray(0, Math.max(0, track.length - at)), at);
    at += sound.length;
  }
  const wav = join(work, 'lesson.wav');
  writeFileSync(wav, wavFile(track));
  await encodeLessonVideo(frames, wav, out, join(work, 'frames.txt'), seconds);
  return seconds;
}

/** Checks a made video: streamable, and as long as its narration within a fraction of a second. */
export function checkVideo(file: string, seconds: number): void {
  const facts = mp4Facts(readFileSync(file));
  const problem = streamProblem(facts, SLIDE_WIDTH, SLIDE_HEIGHT);
  if (problem) throw new Error(`${file}: ${problem}`);
  const probed = probeSeconds(file);
  if (Math.abs(facts.seconds - seconds) > 0.2 || Math.abs(probed - seconds) > 0.2)
    throw new Error(`${file}: ${facts.seconds} s in the file, ${seconds} s narrated`);
}
