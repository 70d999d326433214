/**
 * `npm run bench -w @xuanli/almanac`: the engine against lunar-typescript (and lunisolar where it does
 * the same job), in one process, several rounds, medians, ratios. Also the bundle sizes of the month
 * view and of the full almanac (esbuild --bundle --minify, gzip). Numbers go in the package README.
 *
 * Ends with one `BUDGET MISSED: …` line per target of the README that a figure misses (the speed-ups
 * over lunar-typescript, the month-view bundle) and exits 1 when there is any.
 * `-- --budgets` measures only the bundle sizes (a few seconds) and checks their budget.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { HolidayUtil, Solar } from 'lunar-typescript';
import lunisolar from 'lunisolar';
import { baziChart } from '../src/bazi/chart.ts';
import { datesOfPillars } from '../src/bazi/datesOfPillars.ts';
import { almanacDay } from '../src/day.ts';
import { lunarFromDayNumber } from '../src/lunar.ts';
import { monthView } from '../src/monthView.ts';
import { dayNumber, solarFromDayNumber } from '../src/solarDate.ts';
import { chooseDays } from '../src/zeri.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGETS_ONLY = process.argv.includes('--budgets');

/** The README's targets: minimum speed-up over lunar-typescript per row, maximum month-view gzip. */
const MIN_SPEEDUP = { a: 10, b: 20, c: 10, d: 20 } as const;
const MONTH_VIEW_MAX_GZIP_KB = 15;
let sink = 0;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time (ms) of `fn` over the rounds, after one warm-up run. */
function time(fn: () => void, rounds = ROUNDS): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const first = dayNumber(1901, 1, 1);
const last = dayNumber(2100, 12, 31);

// (a) solar → lunar for every day 1901–2100.
function oursLunar() {
  for (let n = first; n <= last; n++) sink += lunarFromDayNumber(n).day;
}
function lunarTsLunar() {
  for (let n = first; n <= last; n++) {
    const d = solarFromDayNumber(n);
    sink += Solar.fromYmd(d.year, d.month, d.day).getLunar().getDay();
  }
}
function lunisolarLunar() {
  for (let n = first; n <= last; n++) {
    const d = solarFromDayNumber(n);
    sink += lunisolar(`${d.year}-${d.month}-${d.day}`).lunar.day;
  }
}

// (b) 2,400 month grids (1901-01 … 2100-12) with labels, 休/班 and multipliers.
function oursGrids() {
  for (let y = 1901; y <= 2100; y++) for (let m = 1; m <= 12; m++) sink += monthView(y, m).cells.length;
}
/** The same grid built the way an app on lunar-typescript builds it: per cell label, holiday and rate. */
function lunarTsGrids() {
  for (let y = 1901; y <= 2100; y++) {
    for (let m = 1; m <= 12; m++) {
      const firstDay = Solar.fromYmd(y, m, 1);
      const lead = (firstDay.getWeek() + 6) % 7;
      const days = 35 + (lead + new Date(Date.UTC(y, m, 0)).getUTCDate() > 35 ? 7 : 0);
      for (let i = 0; i < days; i++) {
        const solar = firstDay.next(i - lead);
        const lunar = solar.getLunar();
        const festivals = [...lunar.getFestivals(), ...solar.getFestivals()];
        const label = festivals[0] ?? (lunar.getJieQi() || lunar.getDayInChinese());
        const holiday = HolidayUtil.getHoliday(solar.getYear(), solar.getMonth(), solar.getDay());
        sink += label.length + (holiday ? 1 : 0) + solar.getSalaryRate();
      }
    }
  }
}

// (c) the full almanac day for every day of 2026.
const yearStart = dayNumber(2026, 1, 1);
function oursDays() {
  for (let n = yearStart; n < yearStart + 365; n++) sink += almanacDay(solarFromDayNumber(n)).yi.length;
}
function lunarTsDays() {
  for (let n = yearStart; n < yearStart + 365; n++) {
    const d = solarFromDayNumber(n);
    const solar = Solar.fromYmd(d.year, d.month, d.day);
    const l = solar.getLunar();
    const parts: unknown[] = [
      l.getYearInGanZhiByLiChun(),
      l.getMonthInGanZhi(),
      l.getDayInGanZhi(),
      l.getYearShengXiaoByLiChun(),
      solar.getXingZuo(),
      l.getJieQi(),
      l.getFestivals(),
      l.getOtherFestivals(),
      solar.getFestivals(),
      solar.getOtherFestivals(),
      HolidayUtil.getHoliday(d.year, d.month, d.day),
      solar.getSalaryRate(),
      l.getDayYi(),
      l.getDayJi(),
      l.getYearNaYin(),
      l.getMonthNaYin(),
      l.getDayNaYin(),
      l.getDayXunKong(),
      l.getFoto().getFestivals(),
      l.getTao().getFestivals(),
      l.getFu(),
      l.getShuJiu(),
      l.getZhiXing(),
      l.getDayTianShen(),
      l.getDayTianShenType(),
      l.getXiu(),
      l.getXiuLuck(),
      l.getAnimal(),
      l.getPengZuGan(),
      l.getPengZuZhi(),
      l.getDayChongDesc(),
      l.getDaySha(),
      l.getDayPositionTai(),
      l.getDayPositionXiDesc(),
      l.getDayPositionFuDesc(),
      l.getDayPositionCaiDesc(),
      l.getDayPositionYangGuiDesc(),
      l.getDayPositionYinGuiDesc(),
      l.getDayJiShen(),
      l.getDayXiongSha(),
    ];
    for (const t of l.getTimes().slice(0, 12))
      parts.push(t.getGanZhi(), t.getTianShenLuck(), t.getChongDesc(), t.getYi(), t.getJi());
    sink += parts.length;
  }
}

// (d) 10,000 charts with 10 大运, 80 流年 and 12 流月, random births 1901–2099 (seeded, same births for both).
const births = (() => {
  let seed = 20261122;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: 10_000 }, () => {
    const d = solarFromDayNumber(dayNumber(1901, 1, 1) + Math.floor(random() * 72_000));
    return { ...d, hour: Math.floor(random() * 24), minute: Math.floor(random() * 60), male: random() < 0.5 };
  });
})();
const pad = (n: number) => String(n).padStart(2, '0');
function oursCharts() {
  for (const b of births) {
    const chart = baziChart({
      born: `公 ${b.year}-${pad(b.month)}-${pad(b.day)} ${pad(b.hour)}:${pad(b.minute)}`,
      sex: b.male ? '男' : '女',
    });
    sink += chart.dayun.length + chart.liunian.length + chart.liuyue.length;
  }
}
/** The same chart from lunar-typescript's EightChar: pillars and their columns, 10 大运, 80 流年, 12 流月. */
function lunarTsCharts() {
  for (const b of births) {
    const ec = Solar.fromYmdHms(b.year, b.month, b.day, b.hour, b.minute, 0).getLunar().getEightChar();
    ec.setSect(2);
    const parts: unknown[] = [
      ec.getYear(),
      ec.getMonth(),
      ec.getDay(),
      ec.getTime(),
      ec.getYearShiShenGan(),
      ec.getMonthShiShenGan(),
      ec.getTimeShiShenGan(),
      ec.getYearShiShenZhi(),
      ec.getMonthShiShenZhi(),
      ec.getDayShiShenZhi(),
      ec.getTimeShiShenZhi(),
      ec.getYearHideGan(),
      ec.getMonthHideGan(),
      ec.getDayHideGan(),
      ec.getTimeHideGan(),
      ec.getYearDiShi(),
      ec.getMonthDiShi(),
      ec.getDayDiShi(),
      ec.getTimeDiShi(),
      ec.getYearNaYin(),
      ec.getMonthNaYin(),
      ec.getDayNaYin(),
      ec.getTimeNaYin(),
      ec.getYearXunKong(),
      ec.getMonthXunKong(),
      ec.getDayXunKong(),
      ec.getTimeXunKong(),
      ec.getTaiYuan(),
      ec.getMingGong(),
      ec.getShenGong(),
    ];
    const yun = ec.getYun(b.male ? 1 : 0, 2);
    const cycles = yun.getDaYun(11);
    let years = 0;
    for (const cycle of cycles.slice(1)) {
      for (const year of cycle.getLiuNian(10)) {
        if (years++ < 80) parts.push(year.getGanZhi());
      }
    }
    parts.push(
      ...cycles[1]
        .getLiuNian(1)[0]
        .getLiuYue()
        .map((m) => m.getGanZhi()),
    );
    sink += parts.length + yun.getStartYear();
  }
}

// (e) 择日: one call ranks a year of days for 嫁娶 for six people (births of several generations, with and
// without a time); timed call by call, the median reported (there is no peer that does the same job).
const ZERI_PEOPLE = [
  { label: '新郎', born: '公 1996-03-12 10:00' },
  { label: '新娘', born: '农 1998-07-15' },
  { label: '新郎父亲', born: '公 1968-08-08 12:00' },
  { label: '新郎母亲', born: '公 1970-11-03 23:30' },
  { label: '新娘父亲', born: '农 1965-02-15 06:00' },
  { label: '新娘母亲', born: '公 1972-01-01' },
];
const ZERI_CALLS = 51;
function zeriMedian(): number {
  const call = () =>
    chooseDays({ activity: '嫁娶', from: '2026-01-01', to: '2026-12-31', people: ZERI_PEOPLE });
  for (let i = 0; i < 5; i++) sink += call().days.length;
  const samples: number[] = [];
  for (let i = 0; i < ZERI_CALLS; i++) {
    const start = performance.now();
    sink += call().days.length;
    samples.push(performance.now() - start);
  }
  return median(samples);
}

// (f) 四柱反查: the pillars of the first 2,000 of those births searched back over 1801–2099. Our search
// covers the whole range; lunar-typescript's Solar.fromBaZi stops at the current year (it reads the
// machine's clock), so it does about three quarters of the work.
const searchedPillars = births.slice(0, 2000).map((b) => {
  const { sizhu } = baziChart({
    born: `公 ${b.year}-${pad(b.month)}-${pad(b.day)} ${pad(b.hour)}:${pad(b.minute)}`,
    sex: '男',
    timeZone: 'UTC+8',
    liunianCount: 0,
  });
  return sizhu;
});
function oursSearches() {
  for (const p of searchedPillars) sink += datesOfPillars(p).length;
}
function lunarTsSearches() {
  for (const p of searchedPillars) sink += Solar.fromBaZi(p.year, p.month, p.day, p.hour, 2, 1801).length;
}
function row(name: string, ours: number, peers: Record<string, number>) {
  const ratios = Object.entries(peers)
    .map(([peer, ms]) => `${peer} ${ms.toFixed(1)} ms (×${(ms / ours).toFixed(1)})`)
    .join(', ');
  console.log(`${name}: xuanli ${ours.toFixed(1)} ms; ${ratios}`);
  return { name, ours, peers };
}

async function bundleSize(entry: string): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: new URL('../src', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const missed: string[] = [];
const kb = (bytes: number) => bytes / 1024;

if (!BUDGETS_ONLY) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // Load every table once, so "heap after load" measures what the engine keeps resident.
  almanacDay('2026-01-01');
  monthView(2026, 1);
  globalThis.gc?.();
  console.log(
    `heap after load: ${((process.memoryUsage().heapUsed - heapBefore) / 1024).toFixed(0)} KB above baseline (node ${process.version}, ${ROUNDS} rounds, medians)`,
  );

  const results = {
    a: row('(a) solar→lunar, every day 1901–2100', time(oursLunar), {
      'lunar-typescript': time(lunarTsLunar, 3),
      lunisolar: time(lunisolarLunar, 1),
    }),
    b: row('(b) 2,400 month grids with labels, 休/班, multipliers', time(oursGrids), {
      'lunar-typescript': time(lunarTsGrids, 1),
    }),
    c: row('(c) full almanac day, every day of 2026', time(oursDays), {
      'lunar-typescript': time(lunarTsDays, 3),
    }),
    d: row('(d) 10,000 bazi charts with 10 大运, 80 流年, 12 流月', time(oursCharts, 3), {
      'lunar-typescript': time(lunarTsCharts, 1),
    }),
    f: row('(f) 四柱反查 of 2,000 charts’ pillars, 1801–2099', time(oursSearches), {
      'lunar-typescript': time(lunarTsSearches, 1),
    }),
  };
  const zeri = zeriMedian();
  console.log(
    `(e) 择日 嫁娶 over 2026 (365 days) for 6 people: xuanli ${zeri.toFixed(2)} ms per call (median of ${ZERI_CALLS} calls)`,
  );
  for (const [key, minimum] of Object.entries(MIN_SPEEDUP) as [keyof typeof MIN_SPEEDUP, number][]) {
    const { name, ours, peers } = results[key];
    const speedup = peers['lunar-typescript'] / ours;
    if (!(speedup >= minimum))
      missed.push(`${name}: ×${speedup.toFixed(1)} faster than lunar-typescript, target ≥ ×${minimum}`);
  }
  if (process.env.BENCH_JSON) console.log(JSON.stringify({ results: Object.values(results), zeriMs: zeri }));
  // Keeps the timed loops' results alive, so that no engine can drop them as dead code.
  if (sink === 0) console.log('');
}

const monthOnly = await bundleSize(
  `import { monthView } from './monthView.ts'; console.log(monthView(2026, 11));`,
);
const fullDay = await bundleSize(
  `import { almanacDay } from './day.ts'; console.log(almanacDay('2026-11-22'));`,
);
console.log(
  `bundle, month view only: ${kb(monthOnly.raw).toFixed(1)} KB min, ${kb(monthOnly.gzip).toFixed(1)} KB gzip (target ≤ ${MONTH_VIEW_MAX_GZIP_KB} KB)`,
);
console.log(
  `bundle, full almanac day: ${kb(fullDay.raw).toFixed(1)} KB min, ${kb(fullDay.gzip).toFixed(1)} KB gzip`,
);
if (!(kb(monthOnly.gzip) <= MONTH_VIEW_MAX_GZIP_KB))
  missed.push(
    `month-view bundle: ${kb(monthOnly.gzip).toFixed(1)} KB gzip, target ≤ ${MONTH_VIEW_MAX_GZIP_KB} KB`,
  );
if (process.env.BENCH_JSON) console.log(JSON.stringify({ monthOnly, fullDay }));

for (const line of missed) console.log(`BUDGET MISSED: ${line}`);
if (missed.length > 0) process.exitCode = 1;
