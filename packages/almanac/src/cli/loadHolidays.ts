import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type EnteredHolidayYear, type HolidayTable, holidayTable } from '../holidayTable.ts';
import { type HolidaySource, parseHolidayJson, type ReadHolidayTable } from './holidaySource.ts';

/**
 * The I/O half of the CLI's holiday table: reads a file, fetches a URL, or asks a 玄历 server
 * (`XUANLI_API`) for `GET /api/calendar/holidays?since=<version kept>` and keeps the answer in the
 * cache folder, so the last table fetched still applies offline.
 */

/** What loading needs from the process. */
export interface LoadHolidaysDeps {
  /** Folder for the kept table of a server (e.g. ~/.cache/xuanli). */
  cacheDir: string;
  /** Told when a server cannot be reached and the kept (or built-in) table is used instead. */
  warn: (message: string) => void;
  /** Milliseconds a request may take; default 10 s. */
  timeoutMs?: number;
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The kept table of a server, or null when there is none (or it cannot be read). */
async function readKept(file: string): Promise<ReadHolidayTable | null> {
  try {
    return parseHolidayJson(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes the kept table through a temporary file, so a reader never sees half of it. */
async function keep(dir: string, file: string, table: ReadHolidayTable): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(table));
  await rename(temp, file);
}

/**
 * The entered days of `source` as a table for the engine. A named file or URL that cannot be read or
 * holds no valid table throws (the CLI stops: the user asked for that table). A server that cannot be
 * reached is only a warning: the table kept from its last answer applies, or the built-in plans alone
 * (null).
 */
export async function loadHolidayTable(
  source: HolidaySource,
  deps: LoadHolidaysDeps,
): Promise<HolidayTable | null> {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  if (source.kind === 'given') {
    const { location, from } = source;
    try {
      const text = /^https?:\/\//i.test(location)
        ? await fetchText(location, timeoutMs)
        : await readFile(location, 'utf8');
      return holidayTable(parseHolidayJson(text).years);
    } catch (error) {
      throw new Error(`${from} ${location}: ${reason(error)}`);
    }
  }
  const file = join(deps.cacheDir, `holidays-${source.base.replace(/[^A-Za-z0-9.-]+/g, '_')}.json`);
  const kept = await readKept(file);
  const url = `${source.base}/api/calendar/holidays${kept?.version != null ? `?since=${kept.version}` : ''}`;
  let years: EnteredHolidayYear[];
  try {
    const answer = parseHolidayJson(await fetchText(url, timeoutMs));
    // The same version with no years: what is kept is current.
    const unchanged =
      kept && answer.version !== null && answer.version === kept.version && answer.years.length === 0;
    years = unchanged ? kept.years : answer.years;
    const table = holidayTable(years);
    if (!unchanged) {
      await keep(deps.cacheDir, file, answer).catch((error: unknown) =>
        deps.warn(`could not keep the holiday table in ${deps.cacheDir}: ${reason(error)}`),
      );
    }
    return table;
  } catch (error) {
    deps.warn(
      `holiday table from ${source.base} not available (${reason(error)}); using ${kept ? 'the table kept from its last answer' : 'the built-in holidays only'}`,
    );
    if (!kept) return null;
    try {
      return holidayTable(kept.years);
    } catch {
      return null;
    }
  }
}
