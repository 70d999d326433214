/**
 * Encodes a lesson video from its frames (a still picture each, shown for a stated time) and its
 * narration with ffmpeg — a build-time tool only: the server streams the files and never runs it.
 *
 * Cheap to make and to stream, for phones and WeChat's in-app browser: H.264 Main profile, yuv420p
 * tagged BT.709, 960×540; each picture becomes frames only where it changes (ffmpeg's concat demuxer
 * with variable frame rate, `-tune stillimage`), but a frame at least every second, so a seek lands
 * near where it was asked and players that dislike long frames are never given one; AAC-LC mono at
 * 48 kbps (the quick coder: speech); the `moov` index before the media data (+faststart), so playback
 * starts before the download ends.
 */
import { execFile, execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Longest time one frame is shown, seconds. */
const MAX_FRAME_SECONDS = 1;

/** One picture and how long it is shown. */
export interface TimedFrame {
  png: string;
  seconds: number;
}

/** The concat demuxer's list: every frame split into pieces of at most {@link MAX_FRAME_SECONDS}. */
function concatList(frames: readonly TimedFrame[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const frame of frames) {
    let left = frame.seconds;
    while (left > 1e-6) {
      const piece = Math.min(MAX_FRAME_SECONDS, left);
      lines.push(`file '${frame.png.replace(/'/g, "'\\''")}'`, `duration ${piece.toFixed(4)}`);
      left -= piece;
    }
  }
  // The demuxer ignores the last entry's duration unless the file is named once more after it.
  const last = frames.at(-1);
  if (last) lines.push(`file '${last.png.replace(/'/g, "'\\''")}'`);
  return `${lines.join('\n')}\n`;
}

/** Writes `out` (MP4) from `frames` shown in order and the WAV narration `wav`, `seconds` long in all. */
export async function encodeLessonVideo(
  frames: readonly TimedFrame[],
  wav: string,
  out: string,
  listPath: string,
  seconds: number,
): Promise<void> {
  await writeFile(listPath, concatList(frames));
  await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      listPath,
      '-i',
      wav,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-fps_mode',
      'vfr',
      '-vf',
      'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p',
      '-t',
      seconds.toFixed(3),
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-level',
      '3.1',
      '-preset',
      'medium',
      '-tune',
      'stillimage',
      '-crf',
      '28',
      '-g',
      '30',
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
      // The native encoder's quick coder: five times less CPU than its default search, with no loss a
      // listener hears in a speaking voice at this bit rate; the demo set is made on every fresh machine.
      '-aac_coder',
      'fast',
      '-b:a',
      '48k',
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
    { maxBuffer: 4 * 1024 * 1024 },
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

/** ffmpeg's version line, part of what a lesson's video is made from. */
export function ffmpegVersion(): string {
  return execFileSync('ffmpeg', ['-hide_banner', '-version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
}
