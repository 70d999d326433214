/**
 * The 定制 wire (PRODUCT.md#dingzhi, #roles): `POST /api/app/bln.suan/dingzhi` (any case of `bln.Suan`), the
 * personal fortune of a VIP's saved birth profile for one fortune type — the day asked for and its week,
 * Monday to Sunday. VIP only: a visitor is answered 401 `Unauthorized`, a user without an active VIP
 * 403 `Forbidden`. The rule is the engine's (packages/almanac `bazi/dailyFortune.ts`, README "Daily
 * fortune"); a wrong birth profile is answered 400 with the engine's code (WRONG_BIRTH_TEXT, WRONG_SEX …).
 */
import { COMPAT_RELATIONS } from '@xuanli/almanac/bazi/compatibility';
import { FORTUNE_GRADES } from '@xuanli/almanac/bazi/dailyFortune';
import { DEFAULT_YUN_TYPE, YUN_TYPES } from '@xuanli/almanac/bazi/yunType';
import { type Static, Type } from 'typebox';
import { CHART_LIMITS } from './bazi.ts';
import { DATE_PATTERN } from './common.ts';

/** The fortune types: 财运 (default), 事业, 感情, 健康, 学业. */
export const YunTypeSchema = Type.Enum([...YUN_TYPES], {
  description: 'caiyun 财运 | shiye 事业 | ganqing 感情 | jiankang 健康 | xueye 学业',
});

/** A fortune type. */
export type YunTypeName = Static<typeof YunTypeSchema>;

/** Body of `POST /api/app/bln.suan/dingzhi`. */
export const DingzhiBodySchema = Type.Object(
  {
    bazi: Type.Object(
      {
        name: Type.Optional(
          Type.String({ maxLength: CHART_LIMITS.name, description: 'Shown name of the profile' }),
        ),
        // Plain strings on purpose: the engine judges them and answers 性别参数错误！ / 生日参数错误！
        // (PRODUCT.md#input-rules).
        sex: Type.String({ maxLength: 8, description: "'男' or '女'; else 400 WRONG_SEX (性别参数错误！)" }),
        born: Type.String({
          maxLength: CHART_LIMITS.born,
          description: "Birth text, e.g. '公 1990-05-10 08:00'; else 400 WRONG_BIRTH_TEXT (生日参数错误！)",
        }),
      },
      { description: 'The saved birth profile (PRODUCT.md#dingzhi)' },
    ),
    yunType: Type.Optional(
      Type.Enum([...YUN_TYPES], {
        default: DEFAULT_YUN_TYPE,
        description: 'caiyun 财运 (default) | shiye 事业 | ganqing 感情 | jiankang 健康 | xueye 学业',
      }),
    ),
    date: Type.Optional(
      Type.String({
        pattern: DATE_PATTERN,
        description: "Beijing date 'YYYY-MM-DD', 1900-01-01 … 2100-12-31; default today in Beijing",
        examples: ['2026-01-15'],
      }),
    ),
  },
  { description: 'A fortune request; other properties are ignored' },
);

/** A 定制 request. */
export type DingzhiBody = Static<typeof DingzhiBodySchema>;

/** One day's fortune. */
export const FortuneDaySchema = Type.Object({
  date: Type.String({ description: "'YYYY-MM-DD' (Beijing)" }),
  yunType: YunTypeSchema,
  fen: Type.Integer({ minimum: 0, maximum: 100, description: 'Score 0–100' }),
  jx: Type.Enum([...FORTUNE_GRADES], { description: 'Luck grade 大吉 … 大凶 (PRODUCT.md#constants)' }),
  desc: Type.String({ description: '2–4 Chinese sentences' }),
  dayGanzhi: Type.String({ description: "The day's 干支, e.g. '庚寅'" }),
  relation: Type.Enum([...COMPAT_RELATIONS], {
    description: "The day's branch against the person's day branch (六合 三合 合 冲 刑 害 破 生 助 克)",
  }),
  lucky: Type.Object({
    directions: Type.Array(Type.String(), { description: "The god and its direction, e.g. ['财神 正东']" }),
    hours: Type.Array(Type.String(), { description: "Two or three 黄道 hours, e.g. ['辰时 07:00–08:59']" }),
    colour: Type.String({ description: "e.g. '黑色'" }),
    number: Type.Integer({ minimum: 1, maximum: 10 }),
  }),
});

/** One day's fortune. */
export type FortuneDay = Static<typeof FortuneDaySchema>;

/** `resData` of the 定制 call: the day asked for and the seven days of its week, Monday first. */
export const DingzhiAnswerSchema = Type.Object({
  day: FortuneDaySchema,
  week: Type.Array(FortuneDaySchema, {
    minItems: 7,
    maxItems: 7,
    description: 'Monday … Sunday of the week of `date`',
  }),
});

/** The 定制 answer. */
export type DingzhiAnswer = Static<typeof DingzhiAnswerSchema>;

/**
 * Path of the caller's own 定制 profile under `/api` (`GET` reads it, `PUT` replaces it). The birth
 * profile a VIP's fortune is computed from is a record of its own on the server — never the chart the
 * 排盘 page happens to show (a family member's, a friend's) — so a second phone finds it too.
 */
export const DINGZHI_PROFILE_PATH = '/app/bln.suan/dingzhi/profile';

/** Longest 定制 name kept (the chart's name limit). */
export const DINGZHI_NAME_MAX = CHART_LIMITS.name;

/** Body of `PUT /api/app/bln.suan/dingzhi/profile`: the whole profile, replacing the stored one. */
export const DingzhiProfileBodySchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: DINGZHI_NAME_MAX,
      description: 'The name the profile is shown with; surrounding spaces are dropped, none left is 400',
    }),
    // Plain strings on purpose, as on the fortune route: the engine answers 性别参数错误！ / 生日参数错误！.
    sex: Type.String({ maxLength: 8, description: "'男' or '女'; else 400 WRONG_SEX (性别参数错误！)" }),
    born: Type.String({
      maxLength: CHART_LIMITS.born,
      description: "Birth text, e.g. '公 1990-05-10 08:00'; else 400 WRONG_BIRTH_TEXT or the calendar's code",
    }),
    yunType: Type.Optional(
      Type.Enum([...YUN_TYPES], {
        default: DEFAULT_YUN_TYPE,
        description:
          'The fortune type shown first: caiyun 财运 (default) | shiye | ganqing | jiankang | xueye',
      }),
    ),
  },
  { description: "The caller's 定制 profile; other properties are ignored" },
);

/** A 定制 profile as written. */
export type DingzhiProfileBody = Static<typeof DingzhiProfileBodySchema>;

/** A stored 定制 profile. */
export const DingzhiProfileSchema = Type.Object({
  name: Type.String(),
  sex: Type.Enum(['男', '女']),
  born: Type.String({ description: "Birth text as saved, e.g. '公 1990-05-10 08:00'" }),
  yunType: YunTypeSchema,
  updatedAt: Type.String({ format: 'date-time', description: 'When it was last saved (ISO 8601)' }),
});

/** A stored 定制 profile. */
export type DingzhiProfile = Static<typeof DingzhiProfileSchema>;

/** `resData` of `GET …/dingzhi/profile`: the caller's profile, or null before the first save. */
export const DingzhiProfileAnswerSchema = Type.Union([DingzhiProfileSchema, Type.Null()]);

/** The caller's profile or null. */
export type DingzhiProfileAnswer = Static<typeof DingzhiProfileAnswerSchema>;
