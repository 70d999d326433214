/**
 * `xuanli chart`: the bazi chart on the command line. The integrator's CLI calls {@link chartCommand}
 * with the arguments after `chart` and prints `stdout` / `stderr`, exiting with `exitCode`.
 *
 * ```
 * xuanli chart --born "公 1990-05-10 08:00" --sex 男 [--zi early|late] [--lng 116.4] [--tz Asia/Shanghai]
 *              [--yun 1|2] [--years 80] [--liuyue 2026] [--hour-unknown] [--json]
 * xuanli pillars 庚午 辛巳 乙亥 庚辰 [--from 1801] [--to 2099] [--zi early|late] [--json]
 * ```
 * `pillars` is 四柱反查 (datesOfPillars.ts): the moments with those four pillars.
 * Bad input (unknown flag, missing value, any AlmanacError) → its message on stderr, exit code 2.
 */
import { isAlmanacError } from '../errors.ts';
import { type AnyBaziChart, type BaziInput, baziChart, type HourUnknownInput } from './chart.ts';
import { datesOfPillars, PILLAR_SEARCH_DEFAULT, type PillarDate } from './datesOfPillars.ts';
import { ELEMENTS } from './fiveElements.ts';
import { chartLabel } from './sex.ts';

/** What the command produces. */
export interface ChartCommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Usage line of the command. */
export const CHART_USAGE =
  'usage: xuanli chart --born "公 1990-05-10 08:00" --sex 男 [--zi early|late] [--lng 116.4] [--tz Asia/Shanghai] [--yun 1|2] [--years 80] [--liuyue YEAR] [--hour-unknown] [--json]';

/** Usage line of `xuanli pillars`. */
export const PILLARS_USAGE =
  'usage: xuanli pillars 庚午 辛巳 乙亥 庚辰 [--from 1801] [--to 2099] [--zi early|late] [--json]';

const VALUED = ['born', 'sex', 'zi', 'lng', 'tz', 'yun', 'years', 'liuyue'];

class ChartUsageError extends Error {}

const PILLAR_NAMES = { year: '年', month: '月', day: '日', hour: '时' } as const;

function parse(argv: readonly string[]): { input: BaziInput | HourUnknownInput; json: boolean } {
  const flags = new Map<string, string>();
  let json = false;
  let hourUnknown = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = String(argv[i]);
    if (arg === '--json' || arg === '--hour-unknown') {
      if (arg === '--json') json = true;
      else hourUnknown = true;
      continue;
    }
    if (!arg.startsWith('--'))
      throw new ChartUsageError(`unexpected argument: ${arg.slice(0, 40)}\n${CHART_USAGE}`);
    const eq = arg.indexOf('=');
    const key = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!VALUED.includes(key))
      throw new ChartUsageError(`unknown option --${key.slice(0, 40)}\n${CHART_USAGE}`);
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined) throw new ChartUsageError(`--${key} needs a value\n${CHART_USAGE}`);
    flags.set(key, value);
  }
  if (!flags.has('born')) throw new ChartUsageError(`--born is required\n${CHART_USAGE}`);
  const num = (key: string): number | undefined => {
    const v = flags.get(key);
    if (v === undefined) return undefined;
    if (!/^-?\d+(\.\d+)?$/.test(v.trim())) throw new ChartUsageError(`--${key}: not a number`);
    return Number(v);
  };
  const input: BaziInput = {
    born: flags.get('born')!,
    sex: (flags.get('sex') ?? '') as BaziInput['sex'],
  };
  if (flags.has('zi')) input.zi = flags.get('zi') as BaziInput['zi'];
  if (flags.has('tz')) input.timeZone = flags.get('tz');
  const lng = num('lng');
  if (lng !== undefined) input.longitude = lng;
  const yun = num('yun');
  if (yun !== undefined) input.yunSchool = yun as BaziInput['yunSchool'];
  const years = num('years');
  if (years !== undefined) input.liunianCount = years;
  const liuyueYear = num('liuyue');
  if (liuyueYear !== undefined) input.liuyueYear = liuyueYear;
  return { input: hourUnknown ? { ...input, hourUnknown: true } : input, json };
}

function pad(text: string, width: number): string {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return text + ' '.repeat(Math.max(1, width - w));
}

const KEYS = ['year', 'month', 'day', 'hour'] as const;

/** A table row: label, then one cell per pillar ('—' where a chart without its hour has none). */
function row(label: string, cells: (string | null)[]): string {
  return (
    pad(label, 10) +
    cells
      .map((x) => pad(x ?? '—', 14))
      .join('')
      .trimEnd()
  );
}

/** The pillar table: ten gods, stems, branches, hidden stems, 地势, 纳音, 旬空, 神煞. */
function pillarTable(c: AnyBaziChart): string[] {
  const per = <T>(v: { year: T; month: T; day: T; hour: T | null }, f: (x: T) => string) =>
    KEYS.map((k) => (v[k] === null ? null : f(v[k] as T)));
  const lines = [
    row('', ['年柱', '月柱', '日柱', '时柱']),
    row(
      '十神',
      per(c.shishen, (x) => x.gan),
    ),
    row(
      '天干',
      per(c.sizhu, (x) => x[0]),
    ),
    row(
      '地支',
      per(c.sizhu, (x) => x[1]),
    ),
    row(
      '藏干',
      per(c.canggan, (x) => x.join('')),
    ),
    row(
      '副星',
      per(c.shishen, (x) => x.zhi.join(' ')),
    ),
    row(
      '地势',
      per(c.dishi, (x) => x),
    ),
    row(
      '纳音',
      per(c.nayin, (x) => x),
    ),
    row(
      '旬空',
      per(c.xunkong, (x) => x),
    ),
  ];
  const most = Math.max(...KEYS.map((k) => c.shensha[k]?.length ?? 0));
  for (let i = 0; i < most; i++)
    lines.push(
      row(
        i === 0 ? '神煞' : '',
        KEYS.map((k) => (c.shensha[k] ? (c.shensha[k][i]?.name ?? '') : null)),
      ),
    );
  return lines;
}

/** 五行, palaces, relations and 喜用神. */
function readingLines(c: AnyBaziChart): string[] {
  const m = c.mingxiang;
  const x = c.xiyong;
  const lines = [
    `五行：${ELEMENTS.map((e) => `${e}${c.wxtongji.total[e]}(${Math.round(c.wxbili.total[e] * 100)}%)`).join(' ')}`,
    `胎元 ${m.taiyuan.ganzhi}  胎息 ${m.taixi.ganzhi}  命宫 ${m.minggong?.ganzhi ?? '不详'}  身宫 ${m.shengong?.ganzhi ?? '不详'}`,
  ];
  if (c.relations.length)
    lines.push(
      `刑冲合害：${c.relations.map((r) => `${r.pillars.map((k) => PILLAR_NAMES[k]).join('')}${r.detail}`).join('、')}`,
    );
  lines.push(
    `喜用神：${x.strength}（生扶 ${Math.round(x.score * 100)}%${x.pattern === '扶抑' ? '' : `，${x.pattern}`}），喜 ${x.favourable.join('、')}，忌 ${x.unfavourable.join('、')}`,
  );
  for (const reason of x.reasons) lines.push(`  ${reason}`);
  return lines;
}

/** Renders a chart as human-readable text (Chinese labels); a chart without its hour shows '—' there. */
export function formatChart(c: AnyBaziChart): string {
  const lines: string[] = [];
  lines.push(
    `${chartLabel(c.sex)}  公历 ${c.gongli.text}（${c.time.zone} ${c.time.offset}${c.time.dst ? ' 夏令时' : ''}）`,
  );
  lines.push(
    `        农历 ${c.nongli_zh.text}${c.is_leap ? '（闰月）' : ''}  生肖 ${c.animal}  ${c.zodiac}  ${c.jieqi}后`,
  );
  if (c.time.trueSolar && !c.hourUnknown) {
    const t = c.time.trueSolar;
    lines.push(
      `        标准时 ${c.time.standard} → 真太阳时 ${t.time}（经度 ${t.longitudeMinutes} 分，均时差 ${t.eotMinutes} 分）`,
    );
  }
  lines.push(`口径：${c.koujing}`, '', ...pillarTable(c), '', ...readingLines(c));
  const q = c.qiyun;
  lines.push(
    `起运：出生后 ${q.year}年${q.month}个月${q.day}天${q.hour}小时（${q.forward ? '顺' : '逆'}行至${q.jie.name}），${q.date} 交运`,
  );
  lines.push(`大运：${c.dayun.map((d) => `${d.age}岁(${d.start}) ${d.ganzhi}`).join('  ')}`);
  lines.push(
    `流年：${c.liunian
      .slice(0, 12)
      .map((y) => `${y.year}${y.ganzhi}`)
      .join(' ')}${c.liunian.length > 12 ? ' …' : ''}`,
  );
  lines.push(`流月(${c.options.liuyueYear})：${c.liuyue.map((y) => y.ganzhi).join(' ')}`);
  for (const note of c.notes) lines.push(`说明：${note}`);
  for (const w of c.warnings) lines.push(`提示：${w.message}`);
  return `${lines.join('\n')}\n`;
}

/** Runs `xuanli chart` with the arguments after `chart`; never throws for bad input (exit code 2). */
export function chartCommand(argv: readonly string[]): ChartCommandResult {
  return answered(() => {
    const { input, json } = parse(argv);
    const chart = baziChart(input);
    return json ? `${JSON.stringify(chart, null, 2)}\n` : formatChart(chart);
  });
}

/**
 * A command's result from `run`, which prints what it answers: a wrong argument or input (usage, or
 * the engine's own error) exits with code 2 and its message instead; anything else is a bug and throws.
 */
function answered(run: () => string): ChartCommandResult {
  try {
    return { stdout: run(), stderr: '', exitCode: 0 };
  } catch (error) {
    if (error instanceof ChartUsageError || isAlmanacError(error)) {
      return { stdout: '', stderr: `${(error as Error).message}\n`, exitCode: 2 };
    }
    throw error;
  }
}

/** Renders 四柱反查 results, one line per moment with its notes beneath. */
export function formatPillarDates(pillars: string[], dates: PillarDate[], from: number, to: number): string {
  const head = `四柱 ${pillars.join(' ')}：${from}–${to} 年间共 ${dates.length} 个时辰`;
  const lines = [head];
  for (const d of dates) {
    lines.push(
      `  ${d.gongli}  农历 ${d.nongli}${d.chartable ? '' : '（早于 1900 年 1 月 31 日，不能排盘）'}`,
    );
    for (const note of d.notes) lines.push(`      ${note}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `xuanli pillars` with the arguments after `pillars`; never throws for bad input (exit code 2). */
export function pillarsCommand(argv: readonly string[]): ChartCommandResult {
  return answered(() => {
    const positionals: string[] = [];
    const flags = new Map<string, string>();
    let json = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = String(argv[i]);
      if (arg === '--json') json = true;
      else if (arg.startsWith('--')) {
        const eq = arg.indexOf('=');
        const key = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
        if (!['from', 'to', 'zi'].includes(key))
          throw new ChartUsageError(`unknown option --${key.slice(0, 40)}\n${PILLARS_USAGE}`);
        const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
        if (value === undefined) throw new ChartUsageError(`--${key} needs a value\n${PILLARS_USAGE}`);
        flags.set(key, value);
      } else positionals.push(...arg.split(/[\s,，]+/).filter(Boolean));
    }
    if (positionals.length !== 4) throw new ChartUsageError(`four pillars are needed\n${PILLARS_USAGE}`);
    const year = (key: string) => {
      const v = flags.get(key);
      if (v !== undefined && !/^\d{4}$/.test(v)) throw new ChartUsageError(`--${key}: a 4-digit year`);
      return v === undefined ? undefined : Number(v);
    };
    const [y, m, d, h] = positionals;
    const options = {
      from: year('from'),
      to: year('to'),
      zi: flags.get('zi') as 'early' | 'late' | undefined,
    };
    const dates = datesOfPillars({ year: y, month: m, day: d, hour: h }, options);
    if (json) return `${JSON.stringify(dates, null, 2)}\n`;
    const from = options.from ?? PILLAR_SEARCH_DEFAULT.from;
    return formatPillarDates(positionals, dates, from, options.to ?? PILLAR_SEARCH_DEFAULT.to);
  });
}
