/**
 * The planning commands of the `xuanli` CLI: `zeri` (择日) and `leave` (拼假). Pure like run.ts: argv in,
 * text out; bad usage throws UsageError, bad values the engine's AlmanacError.
 */
import type { HolidayTable } from '../holidayTable.ts';
import { bridgeLeave } from '../leavePlanner.ts';
import { chooseDays, type ZeriPerson } from '../zeri.ts';
import type { ParsedArgs } from './args.ts';
import { UsageError } from './args.ts';

const WEEKDAYS = '日一二三四五六';

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** '新郎=公 1996-03-12 10:00;新娘=农 1998-07-15' → people. */
export function parsePeople(text: string | true | undefined): ZeriPerson[] | undefined {
  if (text === undefined) return undefined;
  if (text === true) throw new UsageError('--people needs a value: "标签=生日;标签=生日"');
  return text
    .split(';')
    .filter((part) => part.trim())
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq <= 0) throw new UsageError(`--people: '${part}' is not 标签=生日`);
      return { label: part.slice(0, eq).trim(), born: part.slice(eq + 1).trim() };
    });
}

/** `xuanli zeri 嫁娶 2026-01-01 2026-12-31 [--people "…"] [--top N] [--json]`. */
export function zeriCommand({ positionals, flags }: ParsedArgs, holidays?: HolidayTable): string {
  if (positionals.length !== 3)
    throw new UsageError(
      'usage: xuanli zeri ACTIVITY FROM TO [--people "新郎=公 1996-03-12 10:00;新娘=农 1998-07-15"] [--top N] [--json]',
    );
  const [activity, from, to] = positionals;
  const result = chooseDays({
    activity,
    from,
    to,
    people: parsePeople(flags.get('people')),
    holidayTable: holidays,
  });
  if (flags.has('json')) return json(result);
  const top = flags.get('top');
  const count = typeof top === 'string' && /^\d+$/.test(top) ? Number(top) : 10;
  const lines = [
    `${result.activity} ${result.from} … ${result.to}: ${result.days.length} 天可选，${result.removed.length} 天因忌日或相冲除去`,
  ];
  for (const day of result.days.slice(0, count)) {
    lines.push(
      `${day.date} 周${WEEKDAYS[day.weekday]} ${day.lunar} ${day.ganzhi}日 ${day.level} ${day.score}分 ${day.rest}`,
      `  ${day.reasons.join('，')}`,
      `  吉时 ${day.goodHours.map((h) => `${h.name}(${h.range})`).join(' ') || '无'}`,
    );
  }
  for (const day of result.removed) lines.push(`除去 ${day.date}：${day.reasons.join('，')}`);
  return `${lines.join('\n')}\n`;
}

/** `xuanli leave YEAR DAYS [--top N] [--json]`. */
export function leaveCommand({ positionals, flags }: ParsedArgs, holidays?: HolidayTable): string {
  if (positionals.length !== 2 || !/^\d{4}$/.test(positionals[0]) || !/^\d$/.test(positionals[1]))
    throw new UsageError('usage: xuanli leave YEAR DAYS(1-5) [--top N] [--json]');
  const plans = bridgeLeave({
    year: Number(positionals[0]),
    leave: Number(positionals[1]),
    holidayTable: holidays,
  });
  if (flags.has('json')) return json(plans);
  const top = flags.get('top');
  const count = typeof top === 'string' && /^\d+$/.test(top) ? Number(top) : 10;
  const lines = plans
    .slice(0, count)
    .map(
      (p) =>
        `${p.from} … ${p.to} 连休${p.days}天 请假${p.leave.length}天（${p.leave.join(' ')}）${p.holidays.length ? ` ${p.holidays.join(' ')}` : ''} ×${p.ratio}`,
    );
  return `${lines.join('\n')}\n`;
}
