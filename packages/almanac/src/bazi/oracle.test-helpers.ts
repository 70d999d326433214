/**
 * Test-only helpers: a seeded PRNG and the lunar-typescript oracle (devDependency, never imported by
 * the engine). Used by differential.test.ts.
 */
import { type Lunar, Solar } from 'lunar-typescript';
import { type BaziChart, baziChart } from './chart.ts';

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random birth. */
export interface Birth {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  sex: '男' | '女';
}

/** The fields compared, as flat strings keyed by field name. */
export type Facts = Record<string, string>;

const KEYS = ['Year', 'Month', 'Day', 'Time'] as const;
const OUR = ['year', 'month', 'day', 'hour'] as const;

/** The oracle's lunar object of a birth (the expensive part; build once, read both sects). */
export function oracleLunar(b: Birth): Lunar {
  return Solar.fromYmdHms(b.y, b.m, b.d, b.h, b.mi, b.s).getLunar();
}

/** The oracle's previous and next 节 of a birth, 'YYYY-MM-DD HH:mm:ss'. */
export function oracleJie(lunar: Lunar): { prev: string; next: string } {
  return { prev: lunar.getPrevJie().getSolar().toYmdHms(), next: lunar.getNextJie().getSolar().toYmdHms() };
}

/** What lunar-typescript says for a birth under a 子时 sect (1 = early, 2 = late) and 起运 sect. */
export function oracleFacts(b: Birth, sect: 1 | 2, yunSect: 1 | 2, lunar: Lunar = oracleLunar(b)): Facts {
  const ec = lunar.getEightChar();
  ec.setSect(sect);
  // biome-ignore lint/suspicious/noExplicitAny: the oracle's getters are looked up by name
  const e = ec as any;
  const f: Facts = {};
  KEYS.forEach((k, i) => {
    const o = OUR[i];
    f[`pillar.${o}`] = e[`get${k === 'Time' ? 'Time' : k}`]();
    f[`shishen.gan.${o}`] = e[`get${k}ShiShenGan`]();
    f[`shishen.zhi.${o}`] = e[`get${k}ShiShenZhi`]().join(',');
    f[`canggan.${o}`] = e[`get${k}HideGan`]().join(',');
    f[`dishi.${o}`] = e[`get${k}DiShi`]();
    f[`nayin.${o}`] = e[`get${k}NaYin`]();
    f[`xunkong.${o}`] = e[`get${k}XunKong`]();
  });
  f['palace.taiyuan'] = ec.getTaiYuan();
  f['palace.taixi'] = ec.getTaiXi();
  f['palace.minggong'] = ec.getMingGong();
  f['palace.shengong'] = ec.getShenGong();
  const yun = ec.getYun(b.sex === '男' ? 1 : 0, yunSect);
  f['qiyun.year'] = String(yun.getStartYear());
  f['qiyun.month'] = String(yun.getStartMonth());
  f['qiyun.day'] = String(yun.getStartDay());
  f['qiyun.hour'] = String(yun.getStartHour());
  f['qiyun.date'] = yun.getStartSolar().toYmdHms().slice(0, 16);
  const cycles = yun.getDaYun(11);
  f.dayun = cycles
    .slice(1)
    .map((d) => `${d.getStartYear()}-${d.getEndYear()}/${d.getStartAge()}/${d.getIndex()}/${d.getGanZhi()}`)
    .join(' ');
  const years: string[] = [];
  for (const d of cycles) for (const n of d.getLiuNian()) years.push(`${n.getYear()}${n.getGanZhi()}`);
  f.liunian = years.slice(0, 80).join(' ');
  return f;
}

/** The same facts from our chart. */
export function ourFacts(c: BaziChart): Facts {
  const f: Facts = {};
  for (const o of OUR) {
    f[`pillar.${o}`] = c.sizhu[o];
    f[`shishen.gan.${o}`] = c.shishen[o].gan;
    f[`shishen.zhi.${o}`] = c.shishen[o].zhi.join(',');
    f[`canggan.${o}`] = c.canggan[o].join(',');
    f[`dishi.${o}`] = c.dishi[o];
    f[`nayin.${o}`] = c.nayin[o];
    f[`xunkong.${o}`] = c.xunkong[o];
  }
  f['palace.taiyuan'] = c.mingxiang.taiyuan.ganzhi;
  f['palace.taixi'] = c.mingxiang.taixi.ganzhi;
  f['palace.minggong'] = c.mingxiang.minggong.ganzhi;
  f['palace.shengong'] = c.mingxiang.shengong.ganzhi;
  f['qiyun.year'] = String(c.qiyun.year);
  f['qiyun.month'] = String(c.qiyun.month);
  f['qiyun.day'] = String(c.qiyun.day);
  f['qiyun.hour'] = String(c.qiyun.hour);
  f['qiyun.date'] = c.qiyun.date;
  f.dayun = c.dayun.map((d) => `${d.start}-${d.end}/${d.age}/${d.index}/${d.ganzhi}`).join(' ');
  f.liunian = c.liunian.map((n) => `${n.year}${n.ganzhi}`).join(' ');
  return f;
}

/** Our chart for a birth read as plain UTC+8 clock time (as the oracle reads it: no DST, no true solar time). */
export function ourChart(b: Birth, zi: 'early' | 'late', yunSchool: 1 | 2): BaziChart {
  const two = (v: number) => String(v).padStart(2, '0');
  return baziChart({
    born: `公 ${b.y}-${two(b.m)}-${two(b.d)} ${two(b.h)}:${two(b.mi)}:${two(b.s)}`,
    sex: b.sex,
    zi,
    yunSchool,
    timeZone: 'UTC+8',
  });
}
