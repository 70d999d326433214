import { clash } from './almanac/clash.ts';
import { dayDeities } from './almanac/dayDeities.ts';
import { dayGod } from './almanac/dayGod.ts';
import { dayOfficer } from './almanac/dayOfficer.ts';
import { godDirections } from './almanac/directions.ts';
import { doubleHours } from './almanac/doubleHours.ts';
import { fetusGod } from './almanac/fetusGod.ts';
import { lunarMansion } from './almanac/lunarMansion.ts';
import { pengzu } from './almanac/pengzu.ts';
import { type AlmanacDayBasics, basicsOf, type DayOptions, dayContext } from './dayBasics.ts';
import { BRANCHES, nayin, xunkong } from './ganzhi.ts';
import { meiyu, sanFu, shuJiu } from './seasonalPeriods.ts';
import { type SolarDate, weekday } from './solarDate.ts';

/**
 * The whole 老黄历 day: the stable JSON that the CLI (`xuanli day --json`), the API
 * (`GET /api/calendar/day`) and the 老黄历 page all show. Field names are documented in the package
 * README; the head (date … ji, see dayBasics.ts) is a stable contract, the rest may grow.
 */
export interface AlmanacDay extends AlmanacDayBasics {
  nayin: { year: string; month: string; day: string };
  xunkong: { year: string; month: string; day: string };
  buddhist: { year: number; festivals: string[] };
  taoist: { year: number; festivals: string[] };
  /** 三伏 / 数九 / 入梅 / 出梅 markers, e.g. '初伏第3天'. */
  seasonal: string[];
  /** 建除十二值星. */
  officer: string;
  dayGod: { name: string; type: '黄道' | '黑道'; luck: '吉' | '凶' };
  mansion: { name: string; fullName: string; luck: '吉' | '凶'; animal: string; luminary: string };
  pengzu: [string, string];
  chong: { animal: string; ganzhi: string; desc: string };
  sha: string;
  fetusGod: string;
  directions: { xi: string; fu: string; cai: string; yangGui: string; yinGui: string };
  jiShen: string[];
  xiongSha: string[];
  hours: {
    branch: string;
    ganzhi: string;
    range: string;
    luck: '吉' | '凶';
    god: string;
    chong: string;
    sha: string;
    yi: string[];
    ji: string[];
  }[];
}

/**
 * The almanac of one solar date, 1900-01-31 … 2100-12-31 (the range of the lunar tables). Accepts a
 * {@link SolarDate} or 'YYYY-MM-DD'; a wrong date throws the engine's message (PRODUCT.md#input-rules), a
 * date outside the range 'date out of supported range'. `options.holidays` adds the holiday days entered
 * since the build.
 */
export function almanacDay(input: SolarDate | string, options: DayOptions = {}): AlmanacDay {
  const context = dayContext(input);
  const { n, pillars } = context;
  const monthBranch = pillars.month % 12;
  const dayBranch = pillars.day % 12;
  const god = dayGod(monthBranch, dayBranch);
  const mansion = lunarMansion(dayBranch, weekday(n));
  const pz = pengzu(pillars.day);
  const dayClash = clash(pillars.day);
  const directions = godDirections(pillars.day % 10);
  const deities = dayDeities(monthBranch, pillars.day);
  const seasonal: string[] = [];
  const fu = sanFu(n);
  if (fu) seasonal.push(`${fu.name}第${fu.day}天`);
  const nine = shuJiu(n);
  if (nine) seasonal.push(`${nine.name}第${nine.day}天`);
  const plum = meiyu(n);
  if (plum) seasonal.push(plum);
  return {
    ...basicsOf(context, options.holidays),
    nayin: { year: nayin(pillars.year), month: nayin(pillars.month), day: nayin(pillars.day) },
    xunkong: { year: xunkong(pillars.year), month: xunkong(pillars.month), day: xunkong(pillars.day) },
    seasonal,
    officer: dayOfficer(monthBranch, dayBranch),
    dayGod: { name: god.name, type: god.type, luck: god.luck },
    mansion: {
      name: mansion.name,
      fullName: mansion.fullName,
      luck: mansion.luck,
      animal: mansion.animal,
      luminary: mansion.luminary,
    },
    pengzu: [pz.stem, pz.branch],
    chong: { animal: dayClash.animal, ganzhi: dayClash.ganzhi, desc: dayClash.text },
    sha: dayClash.shaText,
    fetusGod: fetusGod(pillars.day).text,
    directions: {
      xi: directions.xi.direction,
      fu: directions.fu.direction,
      cai: directions.cai.direction,
      yangGui: directions.yangGui.direction,
      yinGui: directions.yinGui.direction,
    },
    jiShen: deities.jiShen,
    xiongSha: deities.xiongSha,
    hours: doubleHours(pillars.day).map((hour) => ({
      branch: BRANCHES[hour.branch],
      ganzhi: hour.ganzhi,
      range: `${hour.start}-${hour.end}`,
      luck: hour.god.luck,
      god: hour.god.name,
      chong: hour.clash.text,
      sha: hour.clash.shaText,
      yi: hour.yi,
      ji: hour.ji,
    })),
  };
}
