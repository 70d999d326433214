/**
 * Lengths of lessons and courses as a learner reads them. The wire gives whole seconds (a lesson's
 * video length, a course's lessons together, a saved position).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A lesson's length or a position in it (a video's `currentTime` too): `8:05`, `1:02:09` past an
 * hour; fractions dropped; a negative or unknown time (a video's NaN before its metadata) reads `0:00`.
 */
export function clockTime(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/**
 * A course's whole length in words: `48 秒`, `48 分钟`, `2 小时`, `1 小时 20 分钟` (minutes rounded,
 * so 47 min 40 s reads 48 分钟).
 */
export function courseLength(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} 秒`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

/** Lessons and length together, e.g. `6 课时 · 48 分钟`. */
export function courseSize(lessonCount: number, seconds: number): string {
  return `${lessonCount} 课时 · ${courseLength(seconds)}`;
}
