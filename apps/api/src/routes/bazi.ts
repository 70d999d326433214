/**
 * SPEC §7 `app/bln.suan/*`: bzdata (the chart), miji (readings) and jxfen (branch compatibility).
 * Registered in lower case under `/api/app/bln.suan`; plugins/app-paths.ts folds the case of every
 * `/api/app/` request, so `bln.Suan`, `BLN.SUAN` … reach the same routes.
 *
 * Error messages: the spec fixes 性别参数错误！, 生日参数错误！, 不是地支(wo) and 不是地支(ta). A schema
 * failure on those fields (missing, wrong type, too long) is turned into the same AlmanacError the
 * engine throws for a wrong value, so the client sees one message per field whichever layer caught it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMPAT_RELATIONS } from '@xuanli/almanac/bazi/compatibility';
import { AlmanacError, type AlmanacErrorCode } from '@xuanli/almanac/errors';
import type { FastifySchemaValidationError } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { errorResponses, ok, okEnvelopeSchema } from '../schemas.ts';
import { chartOf, compatibilityOf, readingsOf } from '../services/bazi.ts';
import { jsonUtf8 } from '../utf8-json.ts';

/** Fastify's own content type for JSON (it sets it itself only when no custom serializer is used). */
const JSON_UTF8 = 'application/json; charset=utf-8';
/** Fastify sends a serializer's Buffer as is (reply.js onSendEnd), though its types say string. */
const bufferSerializer = jsonUtf8 as unknown as (payload: unknown) => string;

/** Limits of the chart body (a 20-character name, a birth text, a zone id). */
export const CHART_LIMITS = { name: 20, born: 64, timeZone: 40, liunianCount: 120 } as const;

const ChartBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: CHART_LIMITS.name, description: 'Shown back as `name`' })),
    // A plain string on purpose: the engine judges the value and answers 性别参数错误！ (SPEC §5).
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
  },
  { description: 'A birth profile (SPEC §3) and chart options; other properties are ignored' },
);

const PillarsSchema = Type.Object({
  year: Type.String(),
  month: Type.String(),
  day: Type.String(),
  hour: Type.String(),
});

// The chart is the engine's contract (packages/almanac README, "Bazi"). Its fields are listed for
// the document but passed through whole, so that a field the engine adds is not silently stripped.
const chartField = (description: string) => Type.Unknown({ description });
const ChartSchema = Type.Object(
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
    koujing: Type.String({ description: 'The conventions (口径) the chart used, one line' }),
    warnings: chartField('Boundary warnings with alternative pillars'),
    time: chartField('Clock, standard and true solar time'),
    options: chartField('The options in force, defaults filled in'),
  },
  { additionalProperties: true },
);

const ReadingsSchema = Type.Object({
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
const JxfenBodySchema = Type.Object({
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
const CompatibilitySchema = Type.Object({
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

/** A route's `schemaErrorFormatter` (Fastify does not export the type from its entry point). */
type SchemaErrorFormatter = (errors: FastifySchemaValidationError[], dataVar: string) => Error;

/** Fastify's own wording of schema errors, for the fields the spec gives no message. */
function defaultMessage(errors: FastifySchemaValidationError[], dataVar: string): Error {
  return new Error(errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).join(', '));
}

/**
 * A schema-error formatter that answers with the engine's error for the listed fields. `fields` maps
 * a JSON pointer prefix ('/sex', '/fen/ta') to the code; the first entry any error falls under wins,
 * so the order is the engine's own order of checks.
 */
function engineMessagesFor(fields: readonly (readonly [string, AlmanacErrorCode])[]): SchemaErrorFormatter {
  return (errors, dataVar) => {
    const paths = errors.map((e) =>
      e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath,
    );
    for (const [prefix, code] of fields) {
      if (paths.some((path) => path === prefix || path.startsWith(`${prefix}/`)))
        return new AlmanacError(code);
    }
    return defaultMessage(errors, dataVar);
  };
}

// parseSex runs before the birth text is read, so a body wrong in both answers 性别参数错误！.
const chartErrors = engineMessagesFor([
  ['/sex', 'WRONG_SEX'],
  ['/born', 'WRONG_BIRTH_TEXT'],
]);
const fenErrors = engineMessagesFor([
  ['/fen/wo', 'WRONG_BRANCH_WO'],
  ['/fen/ta', 'WRONG_BRANCH_TA'],
  ['/fen', 'WRONG_BRANCH_WO'],
]);

/** What the bazi routes need. */
export interface BaziRouteDeps {
  db: Db;
  clock: Clock;
}

/** Registers bzdata, miji and jxfen; mount with prefix `/api/app/bln.suan` (lower case). */
export const baziRoutes: FastifyPluginAsyncTypebox<BaziRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/bzdata',
    {
      schemaErrorFormatter: chartErrors,
      schema: {
        tags: ['bazi'],
        summary:
          'The bazi chart of a birth profile: pillars, 大运, 流年, 流月, 神煞, 口径 (path case-insensitive)',
        body: ChartBodySchema,
        response: { 200: okEnvelopeSchema(ChartSchema), ...errorResponses },
      },
    },
    // Pure and database-free: the bench measures this route against a bare Fastify one.
    async (request, reply) => {
      const body = ok(chartOf(clock, request.body));
      // The 200 schema above documents the chart but passes its fields through whole, so it would
      // only re-stringify what JSON.stringify does; jsonUtf8 also skips the slow UTF-16→UTF-8 step
      // (utf8-json.ts). Set after the chart is built, so failures keep the schema's error serializer.
      reply.type(JSON_UTF8).serializer(bufferSerializer);
      return body;
    },
  );

  app.post(
    '/miji',
    {
      schemaErrorFormatter: chartErrors,
      schema: {
        tags: ['bazi'],
        summary: 'Readings of the chart (日主 and strength, 五行, 十神, 神煞); texts are editable content',
        body: ChartBodySchema,
        response: { 200: okEnvelopeSchema(ReadingsSchema), ...errorResponses },
      },
    },
    async (request) => ok(await readingsOf({ db, clock }, request.body)),
  );

  app.post(
    '/jxfen',
    {
      schemaErrorFormatter: fenErrors,
      schema: {
        tags: ['bazi'],
        summary:
          'Compatibility of two earthly branches per topic (marriage, lawsuit, moving, illness, wealth)',
        body: JxfenBodySchema,
        response: { 200: okEnvelopeSchema(CompatibilitySchema), ...errorResponses },
      },
    },
    async (request) => ok(compatibilityOf(request.body.fen)),
  );
};
