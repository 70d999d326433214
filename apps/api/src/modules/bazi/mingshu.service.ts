/**
 * The 命书's content: the chart of the request, its readings (the miji texts), the ten 大运 and the ten
 * 流年 from this year with the reading of each, and the moment it was made — gathered here on the
 * server's clock, laid out as a PDF by mingshu-pdf.ts in a worker thread.
 */
import { type AnyBaziChart, baziChart } from '@xuanli/almanac/bazi/chart';
import { formatBeijingDateTime } from '@xuanli/almanac/beijingTime';
import type { Db } from '../../db/client.ts';
import { beijingToday, type Clock } from '../../shared/clock.ts';
import type { MingshuDocument, MingshuLuckRow } from './mingshu-document.ts';
import { chartReadings, type LuckPeriod, luckReading, readingTexts } from './readings.ts';
import { type ChartRequest, currentYear, engineInput } from './service.ts';

/** 流年 a 命书 lists, from the year it is made. */
export const MINGSHU_YEARS = 10;

/** The engine lists at most this many 流年 from the birth year. */
const MAX_LIUNIAN = 200;

/** '2026年1月15日 12:00', Beijing time of the clock's now. */
export function beijingMoment(clock: Clock): string {
  const [date, time] = formatBeijingDateTime(clock.now()).split(' ');
  const [year, month, day] = date.split('-').map(Number);
  return `${year}年${month}月${day}日 ${time.slice(0, 5)}`;
}

/** The chart a 命书 is made of: the request's, with the 流年 reaching ten years past this one. */
function mingshuChart(clock: Clock, request: ChartRequest): AnyBaziChart {
  const input = engineInput(clock, { ...request, liunianCount: 1 });
  const birthYear = baziChart({ ...input, liunianCount: 0 }).gongli.year;
  const from = Math.max(currentYear(clock), birthYear);
  const count = Math.min(MAX_LIUNIAN, from - birthYear + MINGSHU_YEARS);
  return baziChart({ ...input, liunianCount: count });
}

/** Rows of luck periods with the reading of each, from one query of their texts. */
async function luckRows(
  db: Db,
  chart: AnyBaziChart,
  periods: (LuckPeriod & { years: string; age: number; current: boolean })[],
): Promise<MingshuLuckRow[]> {
  const planned = periods.map((p) => ({ period: p, ...luckReading(chart, p) }));
  const texts = await readingTexts(
    db,
    planned.map((p) => p.key),
  );
  return planned.map(({ period, key, suffix }) => {
    const text = texts.get(key);
    return {
      years: period.years,
      age: period.age,
      ganzhi: period.ganzhi,
      shishen: period.shishen,
      current: period.current,
      reading: text ? { title: text.title + suffix, body: text.body } : null,
    };
  });
}

/** Everything the 命书 of `request` prints (see {@link MingshuDocument}). */
export async function mingshuDocument(
  deps: { db: Db; clock: Clock },
  request: ChartRequest & { name?: string },
): Promise<MingshuDocument> {
  const chart = mingshuChart(deps.clock, request);
  const year = Number(beijingToday(deps.clock).slice(0, 4));
  const readings = await chartReadings(deps.db, chart);
  const dayun = await luckRows(
    deps.db,
    chart,
    chart.dayun.map((d) => ({
      ...d,
      years: `${d.start}–${d.end}`,
      current: d.start <= year && year <= d.end,
    })),
  );
  const liunian = await luckRows(
    deps.db,
    chart,
    chart.liunian
      .filter((y) => y.year >= year)
      .slice(0, MINGSHU_YEARS)
      .map((y) => ({ ...y, years: String(y.year), current: y.year === year })),
  );
  return {
    chart: { name: request.name ?? '', ...chart },
    sections: readings.sections
      .filter((s) => s.items.length > 0)
      .map((s) => ({ title: s.title, items: s.items.map((i) => ({ title: i.title, body: i.body })) })),
    dayun,
    liunian,
    madeAt: beijingMoment(deps.clock),
    madeAtMs: deps.clock.now(),
  };
}
