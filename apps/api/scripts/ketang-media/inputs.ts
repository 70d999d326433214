/**
 * What the classroom's demo media are made from, as one hash: the generator and its modules, the
 * lectures, the classroom's demo course list (titles and order), the masters (the teacher named in a
 * lecture) and the engine (facts a lecture quotes). The generator writes it into the manifest; the
 * build step (scripts/web-build.ts) compares it to decide whether to run the generator at all. The
 * generator itself re-makes only the lessons whose own script or tools changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The files and folders the media are made from, relative to the repository root. */
export const MEDIA_INPUTS = [
  'apps/api/scripts/make-ketang-media.ts',
  'apps/api/scripts/ketang-media',
  'apps/api/seed/ketang/courses.ts',
  'apps/api/seed/content/texts/masters.ts',
  'packages/almanac/src',
] as const;

/** The files under `path` (itself when a file), sorted, without tests and dotfiles. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !/\.test\.[cm]?tsx?$/.test(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** SHA-256 (hex) over the path and bytes of every input file under `repoRoot`. */
export function mediaInputsHash(repoRoot: string): string {
  const hash = createHash('sha256');
  for (const input of MEDIA_INPUTS) {
    for (const file of filesUnder(join(repoRoot, input))) {
      hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}
