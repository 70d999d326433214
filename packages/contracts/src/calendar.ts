/**
 * `/api/calendar/*`: requests, and answers that are the engine's own JSON (packages/almanac README).
 * 择日 and 拼假 answers are declared field by field: they are small, and a page reads every field.
 */
import { MAX_LEAVE_DAYS } from '@xuanli/almanac/leavePlanner';
import { type Static, Type } from 'typebox';
import { CHART_LIMITS } from './bazi.ts';
import { DateField, pageOf, pageQuery } from './common.ts';
import { ZERI_ACTIVITY_MAX, ZERI_LABEL_MAX, ZERI_MAX_DAYS, ZERI_MAX_PEOPLE } from './zeri-labels.ts';

/** Longest birth text of a 择日 person (the chart body's limit). */
const BIRTH_TEXT_MAX = CHART_LIMITS.born;

/** Chosen days on a page of the 择日 answer when the query names no size. */
export const ZERI_PAGE_SIZE = 20;

/** Most days of leave one 拼假 request may spend: the engine's limit. */
export const PINJIA_MAX_LEAVE = MAX_LEAVE_DAYS;

/** At most this many years in one iCalendar file. */
export const MAX_ICS_YEARS = 20;

// The day and month JSON are the engine's contract, documented in the engine's README and passed
// through whole, so the answer schema admits any object instead of re-declaring (and silently
// stripping) fields.
export const EngineObjectSchema = Type.Object({}, { additionalProperties: true });

const YearSchema = Type.Integer({ minimum: 1, maximum: 9999 });

/** `GET /api/calendar/day`. */
export const DayQuerySchema = Type.Object({
  date: Type.Optional(Type.String({ maxLength: 10, description: "'YYYY-MM-DD'; default today in Beijing" })),
});

/** `GET /api/calendar/month`. */
export const MonthQuerySchema = Type.Object({
  ym: Type.Optional(Type.String({ maxLength: 7, description: "'YYYY-MM'; default this month" })),
  weekStart: Type.Integer({
    minimum: 0,
    maximum: 1,
    default: 1,
    description: '1 = Monday first, 0 = Sunday',
  }),
});

/** `GET /api/calendar/terms`. */
export const TermsQuerySchema = Type.Object({ year: YearSchema });

/** The 24 solar terms of a year. */
export const TermsSchema = Type.Object({
  year: Type.Integer(),
  terms: Type.Array(
    Type.Object({
      name: Type.String(),
      time: Type.String({ description: "'YYYY-MM-DD HH:mm:ss' Beijing" }),
    }),
  ),
});

/** A year's terms. */
export type Terms = Static<typeof TermsSchema>;

/** `GET /api/calendar/ics`. */
export const IcsQuerySchema = Type.Object({ from: YearSchema, to: YearSchema });

// ─── 择日 ────────────────────────────────────────────────────────────────────────────────────────

const ZeriPeopleArray = (item: ReturnType<typeof Type.String>, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: ZERI_MAX_PEOPLE, description }));

/**
 * `GET /api/calendar/zeri`: the days of `from`…`to` for one matter, kept out of the clashing days of up
 * to {@link ZERI_MAX_PEOPLE} people. `born`, `label` and `tz` repeat once per person, in the same order;
 * a person without a `label` is 甲方, 乙方 …, without a `tz` born in Beijing time.
 */
export const ZeriQuerySchema = Type.Object({
  activity: Type.String({
    minLength: 1,
    maxLength: ZERI_ACTIVITY_MAX,
    description: "The matter in the almanac's word (嫁娶, 移徙 …) or a common one (搬家, 开业, 签约 …)",
  }),
  from: DateField('First day of the range'),
  to: DateField(`Last day of the range; at most ${ZERI_MAX_DAYS} days from \`from\``),
  born: ZeriPeopleArray(
    Type.String({ minLength: 1, maxLength: BIRTH_TEXT_MAX }),
    "Each person's birth, in the birth grammar of 排盘 ('公 1990-05-10 08:00', '农 1998-07-15')",
  ),
  label: ZeriPeopleArray(
    Type.String({ minLength: 1, maxLength: ZERI_LABEL_MAX }),
    'How the answer names each person (新郎, 妈妈 …), in the order of `born`',
  ),
  tz: ZeriPeopleArray(
    Type.String({ minLength: 1, maxLength: 40 }),
    "Each person's birthplace zone ('Asia/Shanghai', 'UTC+8'), in the order of `born`",
  ),
  ...pageQuery(ZERI_PAGE_SIZE),
});

/** A 择日 request. */
export type ZeriQuery = Static<typeof ZeriQuerySchema>;

const RestSchema = Type.Union(
  [Type.Literal('休'), Type.Literal('班'), Type.Literal('周末'), Type.Literal('工作日')],
  { description: '休/班 of the holiday plan (operators’ entered days included), else the weekday' },
);

/** One chosen day (the engine's `ChosenDay`). */
export const ZeriDaySchema = Type.Object({
  date: DateField('The day'),
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' }),
  lunar: Type.String({ description: "e.g. '正月十五'" }),
  ganzhi: Type.String({ description: 'The day pillar' }),
  officer: Type.String({ description: '建除: 建 … 闭' }),
  dayGod: Type.String({ description: "e.g. '青龙黄道'" }),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  level: Type.Union([Type.Literal('上吉'), Type.Literal('吉'), Type.Literal('平')]),
  reasons: Type.Array(Type.String(), { description: "Each rule that moved the score, e.g. '值开日（+10）'" }),
  goodHours: Type.Array(
    Type.Object({
      name: Type.String({ description: "e.g. '子时'" }),
      range: Type.String({ description: "e.g. '23:00-00:59'" }),
      god: Type.String({ description: "The hour's god, e.g. '青龙'" }),
    }),
    { description: "The 黄道 hours, without the day's 日破 hour and hours clashing a person" },
  ),
  rest: RestSchema,
});

/** A day the matter's 宜 names but a refusal or a clash removed. */
export const ZeriRemovedSchema = Type.Object({
  date: DateField('The day'),
  reasons: Type.Array(Type.String(), { description: "In words, e.g. '日冲虎，与新娘（属虎）相冲'" }),
  taboos: Type.Array(Type.String(), { description: '月破, 四离, 四绝, 杨公忌, 三娘煞' }),
  clashes: Type.Array(
    Type.Object({
      label: Type.String(),
      pillar: Type.Union([Type.Literal('年'), Type.Literal('日')]),
      branch: Type.String(),
      animal: Type.String(),
    }),
  ),
});

/** The 择日 answer: a page of the chosen days, best first, and every removed day in date order. */
export const ZeriAnswerSchema = Type.Object({
  activity: Type.String({ description: "The almanac's word the days were chosen for" }),
  from: DateField('First day'),
  to: DateField('Last day'),
  ...pageOf(ZeriDaySchema),
  removed: Type.Array(ZeriRemovedSchema),
});

/** A chosen day. */
export type ZeriDay = Static<typeof ZeriDaySchema>;
/** A removed day. */
export type ZeriRemoved = Static<typeof ZeriRemovedSchema>;
/** The 择日 answer. */
export type ZeriAnswer = Static<typeof ZeriAnswerSchema>;

// ─── 拼假 ────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/calendar/pinjia`: the breaks `leave` days of leave buy in `year`. */
export const PinjiaQuerySchema = Type.Object({
  year: Type.Integer({ minimum: 1900, maximum: 2100, description: 'A year whose holiday plan is known' }),
  leave: Type.Integer({ minimum: 1, maximum: PINJIA_MAX_LEAVE, description: 'Days of leave to spend' }),
});

/** One break (the engine's `LeavePlan`). */
export const PinjiaPlanSchema = Type.Object({
  from: DateField('First day of the break'),
  to: DateField('Last day of the break'),
  days: Type.Integer({ minimum: 1, description: 'Length of the break (leave + rest)' }),
  leave: Type.Array(DateField('A workday to take as leave')),
  rest: Type.Array(DateField('A rest day (休, or a weekend day not made 班)')),
  holidays: Type.Array(Type.String(), { description: "Holidays whose days off it holds, e.g. ['国庆节']" }),
  ratio: Type.Number({ description: 'days ÷ leave, two decimals' }),
});

/** The 拼假 answer, best ratio first. */
export const PinjiaAnswerSchema = Type.Object({
  year: Type.Integer(),
  leave: Type.Integer(),
  list: Type.Array(PinjiaPlanSchema),
});

/** A 拼假 request. */
export type PinjiaQuery = Static<typeof PinjiaQuerySchema>;
/** One break. */
export type PinjiaPlan = Static<typeof PinjiaPlanSchema>;
/** The 拼假 answer. */
export type PinjiaAnswer = Static<typeof PinjiaAnswerSchema>;
