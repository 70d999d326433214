/**
 * Holidays as versioned data: the days operators enter from a State Council notice (`holiday_days`),
 * the table's version (`holiday_version`), and the table as the engine takes it. Saves and deletes run
 * inside the caller's transaction and answer the day before and after, so the console's route writes
 * its audit row in the same transaction. Every calendar answer merges the entered days over the
 * engine's built-in plans (an entered day replaces the built-in entry of its date).
 */

import { AlmanacError } from '@xuanli/almanac/errors';
import { BUILT_IN_HOLIDAY_YEARS, holidayOn } from '@xuanli/almanac/holiday';
import { type HolidayTable, holidayTable } from '@xuanli/almanac/holidayTable';
import {
  dayNumber,
  formatSolarDate,
  parseSolarDate,
  solarFromDayNumber,
  weekday,
} from '@xuanli/almanac/solarDate';
import {
  type AdminHolidayDay,
  type AdminHolidayList,
  type AdminHolidayYear,
  HOLIDAY_NAME_MAX,
  HOLIDAY_NOTICE_MAX,
  type HolidayDay,
  type HolidaySaveBody,
  type HolidayTable as HolidayTableAnswer,
  type HolidayYear,
} from '@xuanli/contracts/holidays';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { pick } from '../../shared/pick.ts';
import { noteHolidayWrite } from './holiday-writes.ts';
import { holidayDays, holidayVersion } from './schema.ts';

/** A day to save: the console's body, who saves it and when. */
export interface HolidaySaveInput extends HolidaySaveBody {
  /** Username of the operator. */
  updatedBy: string;
  at: Date;
}

/**
 * What a save or delete changed: the entered day before and after (null where there was or is none)
 * and the table's new version. `before`/`after` are what the audit row keeps.
 */
export interface HolidayChange {
  version: number;
  before: AdminHolidayDay | null;
  after: AdminHolidayDay | null;
}

type Row = typeof holidayDays.$inferSelect;

function dayOf(row: Row): AdminHolidayDay {
  return {
    ...pick(row, ['date', 'name', 'offDay', 'notice', 'updatedBy']),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A real date 'YYYY-MM-DD' of the years the engine covers: the engine's message otherwise ('wrong
 * solar day' …, 'date out of supported range'), so the console can say which part is wrong.
 */
function checkedDate(text: string): { date: string; n: number } {
  const parsed = parseSolarDate(text);
  const date = formatSolarDate(parsed);
  if (date !== text) throw new AppError('ValidationError', `date must be 'YYYY-MM-DD', got '${text}'`);
  if (parsed.year < 1900 || parsed.year > 2100) throw new AlmanacError('OUT_OF_RANGE');
  return { date, n: dayNumber(parsed.year, parsed.month, parsed.day) };
}

/** A trimmed text of 1…max characters, else a ValidationError naming the field. */
function checkedText(value: string, field: string, max: number): string {
  const text = value.trim();
  if (text.length === 0 || [...text].length > max || /\p{Cc}/u.test(text))
    throw new AppError('ValidationError', `${field} must be 1–${max} characters without control characters`);
  return text;
}

/**
 * Raises the version and returns it. The upsert takes the version row's lock until the transaction
 * ends, so concurrent writers (in any process) queue here and each commit gets a version of its own.
 * The first version is the seconds since 2020 rather than 1, so a database started afresh never hands
 * out a version a client kept from the old one.
 */
async function raiseVersion(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(holidayVersion)
    .values({ id: 1, version: sql`(extract(epoch from now()) - 1577836800)::integer` })
    .onConflictDoUpdate({ target: holidayVersion.id, set: { version: sql`${holidayVersion.version} + 1` } })
    .returning({ version: holidayVersion.version });
  if (!row) throw new Error('holiday_version upsert returned no row');
  return row.version;
}

/**
 * Enters or changes the day `input.date` (within the caller's transaction `tx`): a day off (`offDay`
 * true) or a make-up workday, which must be a Saturday or Sunday — the weekend day a notice turns into
 * a workday. Raises the table's version. Bad input is a 400 (ValidationError, or the engine's code
 * for a date that does not exist).
 */
export async function saveHolidayDay(tx: Tx, input: HolidaySaveInput): Promise<HolidayChange> {
  const { date, n } = checkedDate(input.date);
  const name = checkedText(input.name, 'name', HOLIDAY_NAME_MAX);
  const notice = checkedText(input.notice, 'notice', HOLIDAY_NOTICE_MAX);
  const updatedBy = checkedText(input.updatedBy, 'updatedBy', 64);
  if (typeof input.offDay !== 'boolean')
    throw new AppError('ValidationError', 'offDay must be true or false');
  const wd = weekday(n);
  if (!input.offDay && wd !== 0 && wd !== 6)
    throw new AppError(
      'ValidationError',
      `a make-up workday falls on a Saturday or Sunday; ${date} is not one`,
    );
  const version = await raiseVersion(tx);
  noteHolidayWrite();
  const [previous] = await tx.select().from(holidayDays).where(eq(holidayDays.date, date)).for('update');
  const values = { name, offDay: input.offDay, notice, updatedAt: input.at, updatedBy };
  const [saved] = await tx
    .insert(holidayDays)
    .values({ date, ...values })
    .onConflictDoUpdate({ target: holidayDays.date, set: values })
    .returning();
  if (!saved) throw new Error('holiday_days upsert returned no row');
  return { version, before: previous ? dayOf(previous) : null, after: dayOf(saved) };
}

/**
 * Removes the entered day `date` (within `tx`); the built-in entry of the date, if any, applies again.
 * Raises the version; NotFound when no day of that date was entered.
 */
export async function deleteHolidayDay(tx: Tx, date: string): Promise<HolidayChange> {
  checkedDate(date);
  const version = await raiseVersion(tx);
  noteHolidayWrite();
  const [removed] = await tx.delete(holidayDays).where(eq(holidayDays.date, date)).returning();
  if (!removed) throw new AppError('NotFound', `no holiday entered for ${date}`);
  return { version, before: dayOf(removed), after: null };
}

/** The version and every entered day, read in one statement (one snapshot: they always agree). */
async function readSnapshot(db: Db): Promise<{ version: number; rows: Row[] }> {
  // The version row exists before any day does (the first save creates it), so joining the days to
  // it loses none; no version row means nothing was ever entered.
  const joined = await db
    .select({ version: holidayVersion.version, day: holidayDays })
    .from(holidayVersion)
    .leftJoin(holidayDays, sql`true`)
    .orderBy(asc(holidayDays.date));
  return {
    version: joined[0]?.version ?? 0,
    rows: joined.flatMap((row) => (row.day ? [row.day] : [])),
  };
}

/** Rows grouped by the Gregorian year of their date, oldest first. */
function byYear(rows: Row[]): Map<number, Row[]> {
  const years = new Map<number, Row[]>();
  for (const row of rows) {
    const year = Number(row.date.slice(0, 4));
    const list = years.get(year) ?? [];
    list.push(row);
    years.set(year, list);
  }
  return years;
}

function publicYear(year: number, rows: Row[]): HolidayYear {
  const notices: string[] = [];
  let updatedAt = rows[0]?.updatedAt ?? new Date(0);
  for (const row of rows) {
    if (!notices.includes(row.notice)) notices.push(row.notice);
    if (row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return {
    year,
    notices,
    updatedAt: updatedAt.toISOString(),
    days: rows.map((row) => ({ date: row.date, name: row.name, offDay: row.offDay })),
  };
}

/** The entered table as `GET /api/calendar/holidays` answers it, with the engine's table built from it. */
export interface HolidayState {
  version: number;
  years: HolidayYear[];
  table: HolidayTable;
}

/** Reads the entered table (one snapshot) and builds the engine's table from it. */
export async function readHolidayState(db: Db): Promise<HolidayState> {
  const { version, rows } = await readSnapshot(db);
  const years = [...byYear(rows)].map(([year, list]) => publicYear(year, list));
  return { version, years, table: holidayTable(years) };
}

/**
 * The public answer: every entered year with the version, or `{version, years: []}` when `since` is
 * the current version (the client holds it already).
 */
export function holidayTableAnswer(state: HolidayState, since?: number): HolidayTableAnswer {
  return { version: state.version, years: since === state.version ? [] : state.years };
}

/** The built-in entries of the days of Gregorian year `year` (as entered days are grouped: by date). */
function builtInDays(year: number): HolidayDay[] {
  const days: HolidayDay[] = [];
  for (let n = dayNumber(year, 1, 1); n < dayNumber(year + 1, 1, 1); n++) {
    const entry = holidayOn(n);
    if (entry) days.push({ date: formatSolarDate(solarFromDayNumber(n)), ...entry });
  }
  return days;
}

/**
 * The console's list: the version, the years of the built-in plans, and each year with its entered
 * days beside the built-in plan of the same year — every entered year, or just `year` (listed even
 * without entered days, so an operator sees what the engine already has).
 */
export async function listHolidayYears(db: Db, year?: number): Promise<AdminHolidayList> {
  const { version, rows } = await readSnapshot(db);
  const years = byYear(rows);
  const wanted = year === undefined ? [...years.keys()] : [year];
  return {
    version,
    builtInYears: { ...BUILT_IN_HOLIDAY_YEARS },
    years: wanted.map(
      (y): AdminHolidayYear => ({ year: y, days: (years.get(y) ?? []).map(dayOf), builtIn: builtInDays(y) }),
    ),
  };
}
