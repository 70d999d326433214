/**
 * PRODUCT.md#paths `app/bln.suan/*`: the bzdata (chart) and miji (readings) bodies, the jxfen (branch
 * compatibility) body, 四柱反查 (fancha) and the printable 命书 (mingshu), and their answers. The
 * chart is the engine's contract (packages/almanac README, "Bazi"): its fields are listed for the
 * OpenAPI document but passed through whole. A chart whose birth hour is unknown (`hourUnknown: true`)
 * has null in every value the hour decides (`sizhu.hour` and the pass-through fields' `.hour`).
 */
import { COMPAT_RELATIONS } from '@xuanli/almanac/bazi/compatibility';
import { PILLAR_SEARCH_LIMITS } from '@xuanli/almanac/bazi/datesOfPillars';
import { type Static, Type } from 'typebox';

/** Limits of the chart body (a 20-character name, a birth text, a zone id). */
export const CHART_LIMITS = { name: 20, born: 64, timeZone: 40, liunianCount: 120 } as const;

export const ChartBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: CHART_LIMITS.name, description: 'Shown back as `name`' })),
    // A plain string on purpose: the engine judges the value and answers 性别参数错误！ (PRODUCT.md#input-rules).
    sex: Type.String({ maxLength: 8, description: "'男' (乾造) or '女' (坤造); else 400 性别参数错误！" }),
    born: Type.String({
      maxLength: CHART_LIMITS.born,
      description:
        "Birth text, e.g. '公 1990-05-10 08:00', '农 2023-02(闰)-15 08:00' (grammar: packages/almanac README); else 400 生日参数错误！",
    }),
    zi: Type.Optional(
      Type.Union([Type.Literal('late'), Type.Literal('early')], {
        description: "子时 school: 'late' (default, day changes at 00:00) or 'early' (at 23:00)",
      }),
    ),
    longitude: Type.Optional(
      Type.Number({
        minimum: -180,
        maximum: 180,
        description: 'Birthplace °E (west negative): true solar time',
      }),
    ),
    timeZone: Type.Optional(
      Type.String({
        maxLength: CHART_LIMITS.timeZone,
        description: "Birthplace zone, e.g. 'Asia/Shanghai' (default), 'Asia/Hong_Kong', 'UTC+8'",
      }),
    ),
    yunSchool: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2)], {
        description: '起运 school: 2 (default, to the minute) or 1 (days and 时辰)',
      }),
    ),
    liunianCount: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CHART_LIMITS.liunianCount,
        description: '流年 listed (default 80)',
      }),
    ),
    liuyueYear: Type.Optional(
      Type.Integer({
        minimum: 1900,
        maximum: 2100,
        description: 'Year of the 12 流月 (default: the current year in Beijing)',
      }),
    ),
    hourUnknown: Type.Optional(
      Type.Boolean({
        description:
          '时辰不详: a three-pillar chart worked at noon of the birth date (a time in `born` is ignored); every hour-derived value is null',
      }),
    ),
  },
  { description: 'A birth profile (PRODUCT.md#bazi) and chart options; other properties are ignored' },
);

export const PillarsSchema = Type.Object({
  year: Type.String(),
  month: Type.String(),
  day: Type.String(),
  hour: Type.Union([Type.String(), Type.Null()], { description: 'null when the birth hour is unknown' }),
});

/** The five phases as the engine names them. */
const PhaseSchema = Type.Enum(['木', '火', '土', '金', '水']);

/** 喜用神 of a chart (engine `bazi/xiyong.ts`); the weighed units and flags pass through too. */
export const XiyongSchema = Type.Object(
  {
    strength: Type.Enum(['身强', '身弱', '中和', '从强', '从弱'], {
      description: 'The day master: 身强 · 身弱 · 中和, or a 从格 (从强, 从弱)',
    }),
    score: Type.Number({ description: '生扶 share of the weighed total, 0–1 (2 decimals)' }),
    favourable: Type.Array(PhaseSchema, { description: '喜用 phases, the 用神 first' }),
    unfavourable: Type.Array(PhaseSchema, { description: '忌 phases, the worst first' }),
    reasons: Type.Array(Type.String(), { description: 'Each step of the reasoning, in Chinese' }),
    pattern: Type.String({ description: "'扶抑', or the 从格: 从旺格, 从杀格, 从财格, 从儿格" }),
  },
  { additionalProperties: true },
);

// Listed for the document but passed through whole, so that a field the engine adds is not stripped.
const chartField = (description: string) => Type.Unknown({ description });
export const ChartSchema = Type.Object(
  {
    name: Type.String(),
    stamp: Type.Integer({ description: 'Epoch seconds (UTC) of the birth' }),
    gongli: chartField('Civil date and time on the birthplace clock'),
    nongli: chartField('Lunar date; clock time'),
    nongli_zh: chartField('Chinese forms of the lunar date and the 时辰'),
    is_leap: Type.Boolean(),
    jieqi: Type.String({ description: 'The 节气 period of the birth' }),
    term: chartField('Term on the birth date, or null'),
    prev_term: chartField('The 节 before the birth'),
    next_term: chartField('The 节 after the birth'),
    sizhu: PillarsSchema,
    dishi: chartField('十二长生 of the day master per pillar'),
    shishen: chartField('Ten gods of stems and hidden stems per pillar'),
    canggan: chartField('Hidden stems per pillar'),
    wuxing: chartField('Phases of stem and branch per pillar'),
    wxtongji: chartField('Five-element counts {bzwx, cgwx, total}'),
    wxbili: chartField('The same as ratios (2 decimals)'),
    nayin: chartField('纳音 per pillar'),
    xunkong: chartField('旬空 per pillar'),
    qiyun: chartField('起运: years, months, days, hours, date, direction, school'),
    zodiac: Type.String(),
    animal: Type.String(),
    sex: Type.String(),
    mingxiang: chartField('胎元, 胎息, 命宫, 身宫'),
    dayun: chartField('10 大运 {start, end, age, index, ganzhi, shishen}'),
    liunian: chartField('流年 {year, age, ganzhi, shishen}'),
    liuyue: chartField('12 流月 {year, month, ganzhi, shishen, term}'),
    shensha: chartField('神煞 per pillar {name, by, source}'),
    relations: chartField('合冲刑害破 between pillars'),
    xiyong: XiyongSchema,
    hourUnknown: Type.Boolean({ description: 'True for a three-pillar chart (时辰不详)' }),
    notes: Type.Array(Type.String(), {
      description: 'What a three-pillar chart tells its reader (大运 from noon …); empty otherwise',
    }),
    koujing: Type.String({ description: 'The conventions (口径) the chart used, one line' }),
    warnings: chartField('Boundary warnings with alternative pillars'),
    time: chartField('Clock, standard and true solar time'),
    options: chartField('The options in force, defaults filled in'),
  },
  { additionalProperties: true },
);

export const ReadingsSchema = Type.Object({
  sections: Type.Array(
    Type.Object({
      key: Type.String({ description: "'rizhu' | 'wuxing' | 'shishen' | 'shensha'" }),
      title: Type.String(),
      items: Type.Array(
        Type.Object({
          key: Type.String({ description: "Content key of the text, e.g. 'daymaster:甲'" }),
          title: Type.String(),
          body: Type.String(),
        }),
      ),
    }),
  ),
});

const BranchSchema = Type.String({ maxLength: 8, description: 'An earthly branch 子 … 亥' });
export const JxfenBodySchema = Type.Object({
  fen: Type.Union([
    Type.Object({ wo: BranchSchema, ta: BranchSchema }, { description: "wo = mine, ta = the other's" }),
    Type.String({ maxLength: 16, description: "The two branches in one string, wo first: '子午'" }),
  ]),
});

const TopicSchema = Type.Object({
  jx: Type.String({ description: '大吉 … 大凶' }),
  fen: Type.Integer({ description: 'Score 0–100' }),
  desc: Type.String(),
});
export const CompatibilitySchema = Type.Object({
  wo: Type.String(),
  ta: Type.String(),
  relation: Type.Enum([...COMPAT_RELATIONS], {
    description: 'First match of 六合 → 三合 → 合 → 冲 → 刑 → 害 → 破 → 生 → 助 → 克',
  }),
  detail: Type.String(),
  polarity: Type.Union([Type.Literal('yang'), Type.Literal('yin')]),
  marriage: TopicSchema,
  lawsuit: TopicSchema,
  moving: TopicSchema,
  illness: TopicSchema,
  wealth: TopicSchema,
});

/** Limits of a 四柱反查 body: the pillars' text and the engine's widest year range. */
export const FANCHA_LIMITS = { pillars: 40, ...PILLAR_SEARCH_LIMITS } as const;

/** Body of `POST /api/app/bln.suan/fancha` (四柱反查). */
export const FanchaBodySchema = Type.Object(
  {
    pillars: Type.String({
      minLength: 1,
      maxLength: FANCHA_LIMITS.pillars,
      description:
        "The four pillars year, month, day, hour: '庚午 辛巳 乙亥 庚辰' (spaces, commas or none between them); else 400 WrongPillars",
    }),
    from: Type.Optional(
      Type.Integer({
        minimum: FANCHA_LIMITS.from,
        maximum: FANCHA_LIMITS.to,
        description: 'First Gregorian year searched (default 1801)',
      }),
    ),
    to: Type.Optional(
      Type.Integer({
        minimum: FANCHA_LIMITS.from,
        maximum: FANCHA_LIMITS.to,
        description: 'Last Gregorian year searched (default 2099)',
      }),
    ),
    zi: Type.Optional(
      Type.Union([Type.Literal('late'), Type.Literal('early')], {
        description: "子时 school, as the chart's: 'late' (default) or 'early'",
      }),
    ),
  },
  { description: '四柱反查: every 时辰 with these four pillars' },
);

/** One moment (a 时辰, or the part of it a 节 leaves) with the pillars asked for. */
export const FanchaDateSchema = Type.Object({
  born: Type.String({
    description:
      "Its first moment as a birth text on Beijing standard time (UTC+8, no summer time): '公 1990-05-10 07:00'",
  }),
  input: Type.Object(
    {
      born: Type.String(),
      timeZone: Type.Literal('UTC+8'),
      zi: Type.Union([Type.Literal('late'), Type.Literal('early')]),
    },
    { description: 'The chart options that give these pillars (add sex): the bzdata body' },
  ),
  chartable: Type.Boolean({ description: 'False before 1900-01-31, where charts begin' }),
  start: Type.String({ description: "First second with these pillars, Beijing 'YYYY-MM-DD HH:mm:ss'" }),
  end: Type.String({ description: 'Last second with these pillars' }),
  gongli: Type.String({ description: "公历 span: '1990年5月10日 07:00–08:59'" }),
  nongli: Type.String({ description: "农历 of its first moment: '一九九〇年四月十六 辰时'" }),
  whole: Type.Boolean({ description: 'False when a 节 cuts the 时辰 (a note names it)' }),
  notes: Type.Array(Type.String(), { description: '晚子时, a 节 that cuts the 时辰, summer time 1986–1991' }),
});

/** The fancha answer: the moments in time order (empty when the range holds none). */
export const FanchaAnswerSchema = Type.Object({
  list: Type.Array(FanchaDateSchema),
});

/** The name the 命书 PDF is saved under, after the profile's name. */
export const MINGSHU_FILE_SUFFIX = '命书.pdf';

/** A chart request (bzdata, miji). */
export type ChartBody = Static<typeof ChartBodySchema>;
/** The chart answer (its listed fields; the engine's full type is `BaziChart`). */
export type ChartAnswer = Static<typeof ChartSchema>;
/** The miji answer. */
export type Readings = Static<typeof ReadingsSchema>;
/** A jxfen request. */
export type JxfenBody = Static<typeof JxfenBodySchema>;
/** The jxfen answer. */
export type CompatibilityAnswer = Static<typeof CompatibilitySchema>;
/** 喜用神 as the chart answer carries it. */
export type XiyongAnswer = Static<typeof XiyongSchema>;
/** A fancha request. */
export type FanchaBody = Static<typeof FanchaBodySchema>;
/** One fancha moment. */
export type FanchaDate = Static<typeof FanchaDateSchema>;
/** The fancha answer. */
export type FanchaAnswer = Static<typeof FanchaAnswerSchema>;

// ─── 合婚 ────────────────────────────────────────────────────────────────────────────────────────

/** One of the two people of a 合婚: a birth profile as 排盘 takes it, and how the reading names them. */
export const HehunPersonSchema = Type.Object({
  born: ChartBodySchema.properties.born,
  sex: ChartBodySchema.properties.sex,
  label: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CHART_LIMITS.name,
      description: 'How the reading names the person (a profile’s name); default 甲方 / 乙方',
    }),
  ),
  zi: ChartBodySchema.properties.zi,
  longitude: ChartBodySchema.properties.longitude,
  timeZone: ChartBodySchema.properties.timeZone,
});

/** `POST /api/app/bln.Suan/hehun`. */
export const HehunBodySchema = Type.Object({ a: HehunPersonSchema, b: HehunPersonSchema });

const ElementCountsSchema = Type.Object({
  金: Type.Integer(),
  木: Type.Integer(),
  水: Type.Integer(),
  火: Type.Integer(),
  土: Type.Integer(),
});

/** One chart as the reading saw it (the engine's `HehunSide`). */
export const HehunSideSchema = Type.Object({
  label: Type.String(),
  sex: Type.String({ description: '男 or 女' }),
  pillars: Type.Object(
    { year: Type.String(), month: Type.String(), day: Type.String(), hour: Type.String() },
    { description: "hour '' when the birth has no time" },
  ),
  hourKnown: Type.Boolean(),
  elements: ElementCountsSchema,
  lacking: Type.Array(Type.String(), { description: 'Elements absent from the characters read' }),
  favoured: Type.String({ description: 'The element the chart favours' }),
  spouseStar: Type.Object({
    gods: Type.Array(Type.String(), { description: '正财/偏财 for a man, 正官/七杀 for a woman' }),
    shown: Type.Boolean({ description: 'In a stem (透)' }),
    hidden: Type.Boolean({ description: 'Only hidden in a branch (藏)' }),
    strong: Type.Boolean(),
    clashed: Type.Boolean(),
  }),
});

/** One point of the reading: it adds points × weight to its topic. */
export const HehunPointSchema = Type.Object({
  topic: Type.Union([
    Type.Literal('夫妻宫'),
    Type.Literal('四柱'),
    Type.Literal('配偶星'),
    Type.Literal('五行'),
    Type.Literal('大运'),
  ]),
  text: Type.String(),
  points: Type.Number(),
  weight: Type.Number(),
});

/** The 合婚 answer (the engine's `HehunResult`); `zodiac` is the simple 生肖 view beside it. */
export const HehunAnswerSchema = Type.Object({
  a: HehunSideSchema,
  b: HehunSideSchema,
  points: Type.Array(HehunPointSchema),
  subtotals: Type.Object({
    夫妻宫: Type.Number(),
    四柱: Type.Number(),
    配偶星: Type.Number(),
    五行: Type.Number(),
    大运: Type.Number(),
  }),
  dayun: Type.Array(
    Type.Object({
      from: Type.Integer(),
      to: Type.Integer(),
      ages: Type.Object({
        a: Type.Tuple([Type.Integer(), Type.Integer()]),
        b: Type.Tuple([Type.Integer(), Type.Integer()]),
      }),
      a: Type.String(),
      b: Type.String(),
      points: Type.Number(),
      text: Type.String(),
    }),
    { description: 'The stretches of adult years with the same pair of 大运' },
  ),
  total: Type.Integer({ minimum: 0, maximum: 100 }),
  level: Type.Union([
    Type.Literal('上等'),
    Type.Literal('中上'),
    Type.Literal('中等'),
    Type.Literal('需经营'),
  ]),
  summary: Type.String({ description: 'A restrained sentence for the level (never a bare 大凶)' }),
  zodiac: CompatibilitySchema,
});

/** A 合婚 request. */
export type HehunBody = Static<typeof HehunBodySchema>;
/** The 合婚 answer. */
export type HehunAnswer = Static<typeof HehunAnswerSchema>;
