/**
 * 择日: the days of a range ranked for one matter (嫁娶, 入宅, 开市 …) from the engine's own 老黄历 day,
 * with the people it is chosen for kept out of their clashing days.
 *
 * The rule (our design on the almanac's tables; the weights are the exported constants below):
 *
 * 1. **Qualifies**: the matter is in the day's 宜 and not in its 忌 (almanac/yiji.ts — the same lists
 *    the 老黄历 day shows). Nothing else can make a day qualify: scores only rank qualifying days.
 * 2. **Refused**: a qualifying day that is 月破, 四离, 四绝, 杨公忌 or 三娘煞 (almanac/tabooDays.ts), or
 *    whose branch clashes (六冲) a person's year branch (生肖) or day branch (日支, the person's own seat),
 *    is removed and listed in `removed` with every reason, so that a page can say 与某某相冲. 月破 is no
 *    veto for the matters of {@link MONTH_BREAK_MATTERS}, for which the 破 day is the classical day.
 * 3. **Score** = {@link ZERI_BASE} + the day officer's points ({@link OFFICER_POINTS}) + {@link
 *    AFFINITY_POINTS} when the officer's own 宜 names the matter ({@link OFFICER_AFFINITY}) + the day god's
 *    path ({@link PATH_POINTS}: 黄道 up, 黑道 down) + the auspicious spirits present ({@link SPIRIT_POINTS}:
 *    天德, 月德, their 合, 天赦, 天愿, from almanac/dayDeities.ts), clamped to 0–100. Each rule that moved
 *    the score is named in `reasons` with its points.
 * 4. **Level**: 上吉 from {@link LEVEL_THRESHOLDS}.上吉, 吉 from .吉, else 平.
 * 5. **Good hours**: the day's 黄道 hours (almanac/doubleHours.ts), leaving out the hour that clashes the
 *    day itself (日破时) and any hour that clashes a person's year branch.
 * 6. **Rest**: 休 or 班 from the holiday plan (with the operators' entered days, `holidayTable`), else
 *    周末 or 工作日 by the weekday. A year without holiday data answers by the weekday alone.
 *
 * Days are ranked by score, then by date. At most 366 days per call.
 */
import { dayDeities } from './almanac/dayDeities.ts';
import { dayGod, hourGod } from './almanac/dayGod.ts';
import { type DayOfficer, dayOfficer } from './almanac/dayOfficer.ts';
import { doubleHour } from './almanac/doubleHours.ts';
import { type TabooName, tabooDays } from './almanac/tabooDays.ts';
import { yiJi } from './almanac/yiji.ts';
import { birthMoment } from './bazi/birthMoment.ts';
import { pillarsAt } from './bazi/fourPillars.ts';
import { AlmanacError, isAlmanacError } from './errors.ts';
import { ANIMALS, BRANCHES, sexagenaryName } from './ganzhi.ts';
import { holidayOn } from './holiday.ts';
import type { HolidayTable } from './holidayTable.ts';
import { lunarDayName, lunarFromDayNumber, lunarMonthName } from './lunar.ts';
import { ganzhiOfDay } from './pillars.ts';
import {
  assertSolarDate,
  dayNumber,
  formatSolarDate,
  parseSolarDate,
  type SolarDate,
  solarFromDayNumber,
  weekday,
} from './solarDate.ts';
import { isZeriActivity, MAX_ZERI_DAYS, type ZeriActivity } from './zeriActivities.ts';

export { isZeriActivity, MAX_ZERI_DAYS, ZERI_ACTIVITIES, type ZeriActivity } from './zeriActivities.ts';

/** The score every qualifying day starts from. */
export const ZERI_BASE = 55;

/**
 * Points of the twelve officers, in the popular 通书 reading: 成, 开, 定 and 满 good for most matters,
 * 除, 执 and 危 lesser, 平 and 收 neutral, 建 and 闭 poor (闭 closes); 破 is 月破, refused for every matter
 * but those of {@link MONTH_BREAK_MATTERS}, for which it is neutral and gains the officer's affinity.
 */
export const OFFICER_POINTS: Record<DayOfficer, number> = {
  建: -4,
  除: 6,
  满: 8,
  平: 0,
  定: 10,
  执: 4,
  破: 0,
  危: 2,
  成: 12,
  收: 0,
  开: 10,
  闭: -8,
};

/**
 * The matters each officer itself favours, as the 通书 gloss each officer (建日宜出行，除日宜治病，定日宜
 * 冠带嫁娶，执日宜捕捉，破日宜治病、破屋坏垣，危日宜安床，成日宜嫁娶开市入学，收日宜纳财，开日宜开市入学，闭日宜
 * 筑堤塞穴): a day whose officer names the matter gains {@link AFFINITY_POINTS}.
 */
export const OFFICER_AFFINITY: Partial<Record<DayOfficer, readonly ZeriActivity[]>> = {
  建: ['出行', '赴任'],
  除: ['求医', '治病', '针灸', '解除', '沐浴', '扫舍'],
  平: ['平治道涂', '修饰垣墙'],
  定: ['嫁娶', '纳采', '订盟', '冠笄', '纳畜'],
  执: ['捕捉', '畋猎'],
  破: ['破屋', '坏垣', '求医', '治病'],
  危: ['安床'],
  成: ['嫁娶', '开市', '入学', '入宅', '移徙', '交易', '立券'],
  收: ['纳财', '纳畜', '捕捉', '取渔'],
  开: ['开市', '入学', '交易', '立券', '出行', '开光'],
  闭: ['筑堤', '塞穴', '补垣', '安葬'],
};

/**
 * The matters 月破 does not veto. The 破 day is the one whose branch clashes the month's: it breaks what it
 * meets, so it spoils whatever is to be built, joined or begun — but a house or wall to be pulled down, and
 * an illness to be broken, are the very things the 通书 give the 破 day to (破日宜治病、破屋坏垣). Refusing
 * it for them would hide their best days: over 2020–2030 only 4 days were ever offered for 破屋.
 */
export const MONTH_BREAK_MATTERS: readonly ZeriActivity[] = ['破屋', '坏垣', '求医', '治病'];

/** Points when the day's officer favours the matter. */
export const AFFINITY_POINTS = 4;

/** Points of the day god's path (dayGod.ts). */
export const PATH_POINTS = { 黄道: 8, 黑道: -8 } as const;

/** Points of the auspicious spirits of the day (dayDeities.ts 吉神) that 择日 weighs; others add nothing. */
export const SPIRIT_POINTS: Readonly<Record<string, number>> = {
  天德: 8,
  月德: 8,
  天德合: 4,
  月德合: 4,
  天赦: 6,
  天愿: 6,
};

/** Lowest score of each level above 平. */
export const LEVEL_THRESHOLDS = { 上吉: 75, 吉: 65 } as const;

/** A chosen day's level. */
export type ZeriLevel = '上吉' | '吉' | '平';

/** What a day is in the week and the holiday plan. */
export type RestKind = '休' | '班' | '周末' | '工作日';

/** Most people one call may choose for. */
export const MAX_ZERI_PEOPLE = 10;

/** Someone the day is chosen for: a label ('新郎', '张三') and a birth in the grammar of bazi/birthText.ts. */
export interface ZeriPerson {
  label: string;
  born: string;
  /** Birthplace zone (IANA id or 'UTC+8'); default Asia/Shanghai. */
  timeZone?: string;
}

/** Input of {@link chooseDays}. */
export interface ZeriInput {
  activity: string;
  /** First and last day of the range, 'YYYY-MM-DD' or a SolarDate; at most {@link MAX_ZERI_DAYS} days. */
  from: string | SolarDate;
  to: string | SolarDate;
  people?: readonly ZeriPerson[];
  /** Holiday days entered since the build (holidayTable.ts), over the built-in plans. */
  holidayTable?: HolidayTable;
}

/** A 黄道 hour of a chosen day. */
export interface GoodHour {
  /** e.g. '子时'. */
  name: string;
  /** e.g. '23:00-00:59'. */
  range: string;
  /** The hour's god, e.g. '青龙'. */
  god: string;
}

/** One chosen day. */
export interface ChosenDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** e.g. '正月初八', '闰二月十五'. */
  lunar: string;
  /** The day pillar, e.g. '甲子'. */
  ganzhi: string;
  /** 建除, e.g. '成'. */
  officer: DayOfficer;
  /** e.g. '青龙黄道'. */
  dayGod: string;
  score: number;
  level: ZeriLevel;
  /** The rules that raised or lowered the score, with their points, e.g. '值成日（+12）'. */
  reasons: string[];
  goodHours: GoodHour[];
  rest: RestKind;
}

/** A person a removed day clashes. */
export interface ZeriClash {
  label: string;
  /** Which of the person's branches the day clashes: the year's (生肖) or the day's. */
  pillar: '年' | '日';
  /** The person's branch, e.g. '寅'. */
  branch: string;
  /** Its animal, e.g. '虎'. */
  animal: string;
}

/** A day whose 宜 names the matter but that a refusal or a clash removed. */
export interface RemovedDay {
  date: string;
  /** In words, refusals first, e.g. ['三娘煞日', '日冲虎，与新郎（属虎）相冲']. */
  reasons: string[];
  taboos: TabooName[];
  clashes: ZeriClash[];
}

/** The answer of {@link chooseDays}. */
export interface ZeriResult {
  activity: ZeriActivity;
  from: string;
  to: string;
  /** Chosen days, best first (score, then date). */
  days: ChosenDay[];
  /** Days removed, in date order. */
  removed: RemovedDay[];
}

/** A person's label and the two branches a day must not clash. */
interface PersonBranches {
  label: string;
  year: number;
  day: number;
}

function toDayNumber(value: string | SolarDate): number {
  if (typeof value === 'string') {
    const date = parseSolarDate(value);
    return dayNumber(date.year, date.month, date.day);
  }
  if (typeof value !== 'object' || value === null) throw new AlmanacError('WRONG_SOLAR_YEAR');
  assertSolarDate(value.year, value.month, value.day);
  return dayNumber(value.year, value.month, value.day);
}

/** Checks the people and reads each one's year and day branch from the birth's four pillars. */
function peopleBranches(people: readonly ZeriPerson[] | undefined): PersonBranches[] {
  if (people === undefined) return [];
  if (!Array.isArray(people) || people.length > MAX_ZERI_PEOPLE)
    throw new AlmanacError('WRONG_COUNT', `择日最多为 ${MAX_ZERI_PEOPLE} 人选择`);
  return people.map((person) => {
    const label = typeof person?.label === 'string' ? person.label.trim() : '';
    if (!label || label.length > 40)
      throw new AlmanacError('WRONG_OPTION', '请填写每个人的称呼（40 字以内）');
    try {
      const m = birthMoment(person.born, { timeZone: person.timeZone });
      const p = pillarsAt(m.beijing, m.local);
      return { label, year: p.year % 12, day: p.day % 12 };
    } catch (error) {
      if (isAlmanacError(error)) throw new AlmanacError(error.code, `${label}：${error.message}`);
      throw error;
    }
  });
}

/** The people whose year or day branch the day's branch clashes, with the reason in words. */
function clashesOf(dayBranch: number, people: readonly PersonBranches[]): ZeriClash[] {
  const out: ZeriClash[] = [];
  const opposite = (dayBranch + 6) % 12;
  for (const person of people) {
    if (person.year === opposite)
      out.push({ label: person.label, pillar: '年', branch: BRANCHES[opposite], animal: ANIMALS[opposite] });
    if (person.day === opposite)
      out.push({ label: person.label, pillar: '日', branch: BRANCHES[opposite], animal: ANIMALS[opposite] });
  }
  return out;
}

function clashText(clash: ZeriClash): string {
  return clash.pillar === '年'
    ? `日冲${clash.animal}，与${clash.label}（属${clash.animal}）相冲`
    : `日冲${clash.branch}，与${clash.label}的日柱（日支${clash.branch}）相冲`;
}

const signed = (points: number) => (points > 0 ? `+${points}` : `−${-points}`);

/** Score and reasons of a qualifying day (rules 3 and 4 of the module comment). */
function scoreDay(
  activity: ZeriActivity,
  monthBranch: number,
  dayPillar: number,
): { score: number; level: ZeriLevel; reasons: string[] } {
  const reasons = [`宜${activity}，不在忌中（基础 ${ZERI_BASE}）`];
  let score = ZERI_BASE;
  const add = (points: number, text: string) => {
    if (points === 0) return;
    score += points;
    reasons.push(`${text}（${signed(points)}）`);
  };
  const officer = dayOfficer(monthBranch, dayPillar % 12);
  add(OFFICER_POINTS[officer], `值${officer}日`);
  if (OFFICER_AFFINITY[officer]?.includes(activity)) add(AFFINITY_POINTS, `${officer}日宜${activity}`);
  const god = dayGod(monthBranch, dayPillar % 12);
  add(PATH_POINTS[god.type], `${god.name}${god.type}日`);
  for (const spirit of dayDeities(monthBranch, dayPillar).jiShen)
    add(SPIRIT_POINTS[spirit] ?? 0, `逢${spirit}`);
  score = Math.max(0, Math.min(100, score));
  const level: ZeriLevel =
    score >= LEVEL_THRESHOLDS.上吉 ? '上吉' : score >= LEVEL_THRESHOLDS.吉 ? '吉' : '平';
  return { score, level, reasons };
}

/**
 * The day's 黄道 hours without the 日破 hour and the hours clashing a person's year branch. The hour's god
 * is looked up first (dayGod.ts, as doubleHours.ts does), so only the kept hours are built in full.
 */
function goodHoursOf(dayPillar: number, people: readonly PersonBranches[]): GoodHour[] {
  const dayBranch = dayPillar % 12;
  const hours: GoodHour[] = [];
  for (let branch = 0; branch < 12; branch++) {
    const clashed = (branch + 6) % 12;
    if (hourGod(dayBranch, branch).luck !== '吉' || clashed === dayBranch) continue;
    if (people.some((person) => person.year === clashed)) continue;
    const hour = doubleHour(dayPillar, branch);
    hours.push({ name: hour.name, range: `${hour.start}-${hour.end}`, god: hour.god.name });
  }
  return hours;
}

/** 休/班 from the holiday plan, else 周末/工作日 by the weekday. */
export function restKind(n: number, table?: HolidayTable): RestKind {
  const holiday = holidayOn(n, table);
  if (holiday) return holiday.offDay ? '休' : '班';
  const w = weekday(n);
  return w === 0 || w === 6 ? '周末' : '工作日';
}

/**
 * Ranks the days `from` … `to` for `activity` (see the module comment). Throws AlmanacError: an unknown
 * matter (WRONG_OPTION), a bad date (the date's own code), `to` before `from` or more than 366 days
 * (WRONG_COUNT), a day outside 1900-01-31 … 2100-12-31 (OUT_OF_RANGE), more than ten people, a missing
 * label or a bad birth (its code, the message naming the person).
 */
export function chooseDays(input: ZeriInput): ZeriResult {
  if (typeof input !== 'object' || input === null) throw new AlmanacError('WRONG_OPTION', '择日参数不对');
  const { activity } = input;
  if (!isZeriActivity(activity)) throw new AlmanacError('WRONG_OPTION', `不能为「${String(activity)}」择日`);
  const first = toDayNumber(input.from);
  const last = toDayNumber(input.to);
  if (last < first) throw new AlmanacError('WRONG_COUNT', '结束日期不能早于开始日期');
  if (last - first + 1 > MAX_ZERI_DAYS)
    throw new AlmanacError('WRONG_COUNT', `择日范围最多 ${MAX_ZERI_DAYS} 天`);
  lunarFromDayNumber(first);
  lunarFromDayNumber(last);
  const people = peopleBranches(input.people);
  const breakAllowed = MONTH_BREAK_MATTERS.includes(activity);
  const days: ChosenDay[] = [];
  const removed: RemovedDay[] = [];
  for (let n = first; n <= last; n++) {
    const pillars = ganzhiOfDay(n);
    const monthBranch = pillars.month % 12;
    const { yi, ji } = yiJi(monthBranch, pillars.day);
    if (!yi.includes(activity) || ji.includes(activity)) continue;
    const date = formatSolarDate(solarFromDayNumber(n));
    const lunar = lunarFromDayNumber(n);
    const taboos = tabooDays(n, lunar, monthBranch, pillars.day % 12).filter(
      (t) => t.name !== '月破' || !breakAllowed,
    );
    const clashes = clashesOf(pillars.day % 12, people);
    if (taboos.length > 0 || clashes.length > 0) {
      removed.push({
        date,
        reasons: [...taboos.map((t) => t.reason), ...clashes.map(clashText)],
        taboos: taboos.map((t) => t.name),
        clashes,
      });
      continue;
    }
    const god = dayGod(monthBranch, pillars.day % 12);
    days.push({
      date,
      weekday: weekday(n),
      lunar: lunarMonthName(lunar.month, lunar.leap) + lunarDayName(lunar.day),
      ganzhi: sexagenaryName(pillars.day),
      officer: dayOfficer(monthBranch, pillars.day % 12),
      dayGod: god.name + god.type,
      ...scoreDay(activity, monthBranch, pillars.day),
      goodHours: goodHoursOf(pillars.day, people),
      rest: restKind(n, input.holidayTable),
    });
  }
  days.sort((a, b) => b.score - a.score || (a.date < b.date ? -1 : 1));
  return {
    activity,
    from: formatSolarDate(solarFromDayNumber(first)),
    to: formatSolarDate(solarFromDayNumber(last)),
    days,
    removed,
  };
}
