/**
 * What a 命书 says, as plain data: the server gathers it (mingshu.service.ts: the chart, its readings,
 * the luck periods with theirs) and the PDF worker lays it out (mingshu-pdf.ts). Plain JSON, so it
 * crosses to the worker thread by structured clone; types only, so the worker loads no engine code.
 */
import type { AnyBaziChart } from '@xuanli/almanac/bazi/chart';

/** One reading as the 命书 prints it: a heading and its text. */
export interface MingshuReading {
  title: string;
  body: string;
}

/** A 大运 or 流年 row with its reading (null when the text was removed by an editor). */
export interface MingshuLuckRow {
  /** '1999–2008' for a 大运, '2026' for a 流年. */
  years: string;
  /** 虚岁 at its start. */
  age: number;
  ganzhi: string;
  shishen: string;
  /** The period that holds the day the 命书 was made. */
  current: boolean;
  reading: MingshuReading | null;
}

/** Everything one 命书 prints. */
export interface MingshuDocument {
  /** The chart with the profile's name (four pillars, or three when the hour is unknown). */
  chart: { name: string } & AnyBaziChart;
  /** The 命书 texts by section (日主, 五行, 十神, 神煞), as miji answers them. */
  sections: { title: string; items: MingshuReading[] }[];
  dayun: MingshuLuckRow[];
  /** The ten 流年 from the year the 命书 was made. */
  liunian: MingshuLuckRow[];
  /** When it was made, Beijing time: '2026年1月15日 12:00'; and the same instant in epoch ms. */
  madeAt: string;
  madeAtMs: number;
}
