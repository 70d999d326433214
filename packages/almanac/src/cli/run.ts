import { chartCommand, pillarsCommand } from '../bazi/cli.ts';
import { beijingToday, formatBeijing } from '../beijingTime.ts';
import { almanacDay } from '../day.ts';
import { isAlmanacError } from '../errors.ts';
import type { HolidayTable } from '../holidayTable.ts';
import { icsCalendar } from '../ics.ts';
import { dayNumberFromLunar } from '../lunar.ts';
import { monthView } from '../monthView.ts';
import { dayNumber, parseSolarDate, solarFromDayNumber } from '../solarDate.ts';
import { termsOfYear } from '../solarTermTime.ts';
import { parseArgs, UsageError } from './args.ts';
import { formatDay, formatMonth } from './format.ts';
import { leaveCommand, zeriCommand } from './planning.ts';

/**
 * The `xuanli` CLI without its process: takes argv and the current instant, returns the output as
 * chunks (so `days` can stream tens of thousands of lines) and an exit code. main.ts does the I/O.
 */
export interface CliResult {
  exitCode: number;
  stdout: Iterable<string>;
  stderr: string;
}

export const USAGE = `xuanli — 玄历 calendar engine

  xuanli today [--json]                      today in Beijing time
  xuanli day YYYY-MM-DD [--json]             the full 老黄历 day
  xuanli days FROM TO --jsonl                one JSON object per line per day
  xuanli month YYYY-MM [--sunday] [--json]   month grid (weeks start Monday)
  xuanli terms YEAR [--json]                 the 24 solar terms with exact times (Beijing)
  xuanli lunar YYYY-MM-DD [--leap] [--json]  lunar date → solar date
  xuanli ics --from YEAR --to YEAR           iCalendar of terms, festivals and 休/班 days
  xuanli chart --born "公 1990-05-10 08:00" --sex 男 [--zi early|late] [--lng 116.4] [--tz Asia/Shanghai] [--hour-unknown] [--json]
                                             a bazi chart (--hour-unknown: three pillars, worked at noon)
  xuanli pillars 庚午 辛巳 乙亥 庚辰 [--from 1801] [--to 2099] [--zi early|late] [--json]
                                             四柱反查: every 时辰 with those four pillars
  xuanli zeri 嫁娶 FROM TO [--people "新郎=公 1996-03-12 10:00;新娘=农 1998-07-15"] [--top 10] [--json]
                                             择日: the range's days for one matter, best first
  xuanli leave YEAR DAYS [--top 10] [--json] 拼假: the longest breaks DAYS (1–5) days of leave buy

Holidays announced after this release (today, day, days, month, lunar, ics, zeri, leave):
  --holidays FILE|URL      use that table of entered days (the JSON of GET /api/calendar/holidays)
                           over the built-in plans; also XUANLI_HOLIDAYS=FILE|URL
  XUANLI_API=https://host  fetch the table from a 玄历 server (/api/calendar/holidays) and keep it in
                           $XDG_CACHE_HOME/xuanli (~/.cache/xuanli) for when the server cannot be reached
`;

const MAX_DAYS = 80_000;

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function year(text: string | true | undefined, what: string): number {
  if (typeof text !== 'string' || !/^\d{4}$/.test(text)) throw new UsageError(`${what}: wrong solar year`);
  return Number(text);
}

function* daysBetween(from: number, to: number, holidays: HolidayTable | undefined): Generator<string> {
  for (let n = from; n <= to; n++)
    yield `${JSON.stringify(almanacDay(solarFromDayNumber(n), { holidays }))}\n`;
}

/** What the process hands the commands besides argv. */
export interface CliOptions {
  /** Holiday days entered since the release (main.ts loads them from --holidays or the environment). */
  holidays?: HolidayTable | null;
}

/**
 * Runs one CLI command. `nowUtcSeconds` is the current instant (used by `today` and as ICS DTSTAMP);
 * `options.holidays` marks the days entered since the release over the built-in plans.
 */
export function runCli(argv: readonly string[], nowUtcSeconds: number, options: CliOptions = {}): CliResult {
  const [command, ...rest] = argv;
  const holidays = options.holidays ?? undefined;
  try {
    if (command === 'chart' || command === 'pillars') {
      const result = (command === 'chart' ? chartCommand : pillarsCommand)(rest);
      return { exitCode: result.exitCode, stdout: [result.stdout], stderr: result.stderr ?? '' };
    }
    const parsed = parseArgs(rest, ['from', 'to', 'people', 'top']);
    const { positionals, flags } = parsed;
    const wantJson = flags.has('json');
    switch (command) {
      case 'today': {
        const today = beijingToday(nowUtcSeconds * 1000);
        const day = almanacDay(today, { holidays });
        return ok(wantJson ? json(day) : formatDay(day));
      }
      case 'day': {
        if (positionals.length !== 1) throw new UsageError('usage: xuanli day YYYY-MM-DD [--json]');
        const day = almanacDay(positionals[0], { holidays });
        return ok(wantJson ? json(day) : formatDay(day));
      }
      case 'days': {
        if (positionals.length !== 2) throw new UsageError('usage: xuanli days FROM TO --jsonl');
        const from = parseSolarDate(positionals[0]);
        const to = parseSolarDate(positionals[1]);
        const a = dayNumber(from.year, from.month, from.day);
        const b = dayNumber(to.year, to.month, to.day);
        if (b < a) throw new UsageError('days: FROM must not be after TO');
        if (b - a + 1 > MAX_DAYS) throw new UsageError(`days: at most ${MAX_DAYS} days at once`);
        almanacDay(from);
        almanacDay(to);
        return { exitCode: 0, stdout: daysBetween(a, b, holidays), stderr: '' };
      }
      case 'month': {
        const match = /^(\d{4})-(\d{1,2})$/.exec(positionals[0] ?? '');
        if (!match || positionals.length !== 1) throw new UsageError('usage: xuanli month YYYY-MM [--json]');
        const view = monthView(Number(match[1]), Number(match[2]), {
          weekStart: flags.has('sunday') ? 0 : 1,
          holidays,
        });
        return ok(wantJson ? json(view) : formatMonth(view));
      }
      case 'terms': {
        if (positionals.length !== 1) throw new UsageError('usage: xuanli terms YEAR [--json]');
        const y = year(positionals[0], 'terms');
        if (y < 1900 || y > 2100) throw new UsageError('terms: years 1900–2100');
        const terms = termsOfYear(y).map((t) => ({ name: t.name, time: formatBeijing(t.time) }));
        return ok(wantJson ? json(terms) : `${terms.map((t) => `${t.name} ${t.time}`).join('\n')}\n`);
      }
      case 'lunar': {
        const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(positionals[0] ?? '');
        if (!match || positionals.length !== 1)
          throw new UsageError('usage: xuanli lunar YYYY-MM-DD [--leap] [--json]');
        const n = dayNumberFromLunar(Number(match[1]), Number(match[2]), Number(match[3]), flags.has('leap'));
        const day = almanacDay(solarFromDayNumber(n), { holidays });
        return ok(wantJson ? json(day) : formatDay(day));
      }
      case 'ics': {
        const from = year(flags.get('from'), '--from');
        const to = year(flags.get('to') ?? flags.get('from'), '--to');
        return ok(icsCalendar({ from, to, stamp: Math.floor(nowUtcSeconds), holidays }));
      }
      case 'zeri':
        return ok(zeriCommand(parsed, holidays));
      case 'leave':
        return ok(leaveCommand(parsed, holidays));
      case undefined:
      case 'help':
      case '--help':
        return ok(USAGE);
      default:
        throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof UsageError || isAlmanacError(error)) {
      return { exitCode: 2, stdout: [], stderr: `xuanli: ${error.message}\n` };
    }
    throw error;
  }
}

function ok(text: string): CliResult {
  return { exitCode: 0, stdout: [text], stderr: '' };
}
