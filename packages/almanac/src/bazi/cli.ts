/**
 * `xuanli chart`: the bazi chart on the command line. The integrator's CLI calls {@link chartCommand}
 * with the arguments after `chart` and prints `stdout` / `stderr`, exiting with `exitCode`.
 *
 * ```
 * xuanli chart --born "公 1990-05-10 08:00" --sex 男 [--zi early|late] [--lng 116.4] [--tz Asia/Shanghai]
 *              [--yun 1|2] [--years 80] [--liuyue 2026] [--json]
 * ```
 * Bad input (unknown flag, missing value, any AlmanacError) → its message on stderr, exit code 2.
 */
import { isAlmanacError } from '../errors.ts';
import { type BaziChart, type BaziInput, baziChart } from './chart.ts';
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
  'usage: xuanli chart --born "公 1990-05-10 08:00" --sex 男 [--zi early|late] [--lng 116.4] [--tz Asia/Shanghai] [--yun 1|2] [--years 80] [--liuyue YEAR] [--json]';

const VALUED = ['born', 'sex', 'zi', 'lng', 'tz', 'yun', 'years', 'liuyue'];

class ChartUsageError extends Error {}

const PILLAR_NAMES = { year: '年', month: '月', day: '日', hour: '时' } as const;

function parse(argv: readonly string[]): { input: BaziInput; json: boolean } {
  const flags = new Map<string, string>();
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = String(argv[i]);
    if (arg === '--json') {
      json = true;
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
  return { input, json };
}

function pad(text: string, width: number): string {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return text + ' '.repeat(Math.max(1, width - w));
}

/** Renders a chart as human-readable text (Chinese labels). */
export function formatChart(c: BaziChart): string {
  const keys = ['year', 'month', 'day', 'hour'] as const;
  const row = (label: string, cells: string[]) =>
    pad(label, 10) +
    cells
      .map((x) => pad(x, 14))
      .join('')
      .trimEnd();
  const lines: string[] = [];
  lines.push(
    `${chartLabel(c.sex)}  公历 ${c.gongli.text}（${c.time.zone} ${c.time.offset}${c.time.dst ? ' 夏令时' : ''}）`,
  );
  lines.push(
    `        农历 ${c.nongli_zh.text}${c.is_leap ? '（闰月）' : ''}  生肖 ${c.animal}  ${c.zodiac}  ${c.jieqi}后`,
  );
  if (c.time.trueSolar) {
    const t = c.time.trueSolar;
    lines.push(
      `        标准时 ${c.time.standard} → 真太阳时 ${t.time}（经度 ${t.longitudeMinutes} 分，均时差 ${t.eotMinutes} 分）`,
    );
  }
  lines.push(`口径：${c.koujing}`);
  lines.push('');
  lines.push(row('', ['年柱', '月柱', '日柱', '时柱']));
  lines.push(
    row(
      '十神',
      keys.map((k) => c.shishen[k].gan),
    ),
  );
  lines.push(
    row(
      '天干',
      keys.map((k) => c.sizhu[k][0]),
    ),
  );
  lines.push(
    row(
      '地支',
      keys.map((k) => c.sizhu[k][1]),
    ),
  );
  lines.push(
    row(
      '藏干',
      keys.map((k) => c.canggan[k].join('')),
    ),
  );
  lines.push(
    row(
      '副星',
      keys.map((k) => c.shishen[k].zhi.join(' ')),
    ),
  );
  lines.push(
    row(
      '地势',
      keys.map((k) => c.dishi[k]),
    ),
  );
  lines.push(
    row(
      '纳音',
      keys.map((k) => c.nayin[k]),
    ),
  );
  lines.push(
    row(
      '旬空',
      keys.map((k) => c.xunkong[k]),
    ),
  );
  const most = Math.max(...keys.map((k) => c.shensha[k].length));
  for (let i = 0; i < most; i++)
    lines.push(
      row(
        i === 0 ? '神煞' : '',
        keys.map((k) => c.shensha[k][i]?.name ?? ''),
      ),
    );
  lines.push('');
  lines.push(
    `五行：${ELEMENTS.map((e) => `${e}${c.wxtongji.total[e]}(${Math.round(c.wxbili.total[e] * 100)}%)`).join(' ')}`,
  );
  const m = c.mingxiang;
  lines.push(
    `胎元 ${m.taiyuan.ganzhi}  胎息 ${m.taixi.ganzhi}  命宫 ${m.minggong.ganzhi}  身宫 ${m.shengong.ganzhi}`,
  );
  if (c.relations.length)
    lines.push(
      `刑冲合害：${c.relations.map((r) => `${r.pillars.map((k) => PILLAR_NAMES[k]).join('')}${r.detail}`).join('、')}`,
    );
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
  for (const w of c.warnings) lines.push(`提示：${w.message}`);
  return `${lines.join('\n')}\n`;
}

/** Runs `xuanli chart` with the arguments after `chart`; never throws for bad input (exit code 2). */
export function chartCommand(argv: readonly string[]): ChartCommandResult {
  try {
    const { input, json } = parse(argv);
    const chart = baziChart(input);
    return {
      stdout: json ? `${JSON.stringify(chart, null, 2)}\n` : formatChart(chart),
      stderr: '',
      exitCode: 0,
    };
  } catch (error) {
    if (error instanceof ChartUsageError || isAlmanacError(error)) {
      return { stdout: '', stderr: `${(error as Error).message}\n`, exitCode: 2 };
    }
    throw error;
  }
}
