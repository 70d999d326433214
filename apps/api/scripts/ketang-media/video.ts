/**
 * Encodes a lesson video from its slide images and sound track with ffmpeg (a development tool only:
 * the server streams the committed files and never runs it). The settings are chosen for phones and
 * WeChat's in-app browser: H.264 Main profile, yuv420p tagged BT.709, 640×360 at 15 fps, AAC-LC mono,
 * and the `moov` index before the media data (+faststart) so playback starts before the download ends.
 * Slides cross-fade into each other and a red progress bar runs along the bottom edge.
 */
import { execFileSync } from 'node:child_process';
import { PALETTE } from './svg.ts';

/** Frames per second: slides barely move, so few frames keep the files small. */
export const FPS = 15;
/** Length of a cross-fade between two slides, seconds. */
const FADE = 0.4;

/** One slide image and how long it is shown (its cross-fade into the next slide included). */
export interface TimedSlide {
  png: string;
  seconds: number;
}

/** Writes `out` (MP4) from `slides` shown in order and the WAV track `wav`; `seconds` = total length. */
export function encodeLessonVideo(slides: readonly TimedSlide[], wav: string, out: string): void {
  const total = slides.reduce((sum, s) => sum + s.seconds, 0);
  const inputs: string[] = [];
  slides.forEach((slide, i) => {
    // Every slide but the last runs FADE longer, overlapping the next one's start.
    const length = slide.seconds + (i < slides.length - 1 ? FADE : 0);
    inputs.push('-loop', '1', '-framerate', String(FPS), '-t', length.toFixed(3), '-i', slide.png);
  });
  inputs.push('-i', wav);

  const filters: string[] = slides.map((_, i) => `[${i}:v]format=gbrp,settb=AVTB,fps=${FPS}[s${i}]`);
  let last = 's0';
  let offset = 0;
  for (let i = 1; i < slides.length; i++) {
    offset += slides[i - 1].seconds;
    const label = `x${i}`;
    filters.push(
      `[${last}][s${i}]xfade=transition=fade:duration=${FADE}:offset=${offset.toFixed(3)}[${label}]`,
    );
    last = label;
  }
  const red = PALETTE.red.replace('#', '0x');
  filters.push(
    `color=c=${red}:s=640x4:r=${FPS}:d=${total},format=gbrp[bar]`,
    `[${last}][bar]overlay=x='-w+w*t/${total}':y=H-4:eval=frame:format=gbrp,` +
      'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[v]',
  );

  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[v]',
      '-map',
      `${slides.length}:a`,
      '-t',
      String(total),
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-level',
      '3.0',
      '-preset',
      'veryslow',
      '-tune',
      'stillimage',
      '-crf',
      '27',
      '-g',
      String(FPS * 20),
      '-pix_fmt',
      'yuv420p',
      '-colorspace',
      'bt709',
      '-color_primaries',
      'bt709',
      '-color_trc',
      'bt709',
      '-color_range',
      'tv',
      '-c:a',
      'aac',
      '-b:a',
      '20k',
      '-ac',
      '1',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      out,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** Duration of a media file in seconds as ffprobe reports it (the container's duration). */
export function probeSeconds(file: string): number {
  const output = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
    { encoding: 'utf8' },
  );
  return Number(output.trim());
}
