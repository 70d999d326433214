/**
 * `app/bln.suan/*` (PRODUCT.md#paths): bzdata (the chart), miji (readings), jxfen (branch compatibility) and
 * fancha (四柱反查: the moments of four given pillars), all public, and our 合婚 (hehun) of two whole
 * charts.
 * Registered in lower case under `/api/app/bln.suan`; plugins/app-paths.ts folds the case of every
 * `/api/app/` request, so `bln.Suan`, `BLN.SUAN` … reach the same routes.
 *
 * Error messages: the original app answered 性别参数错误！, 生日参数错误！, 不是地支(wo) and 不是地支(ta). A schema
 * failure on those fields (missing, wrong type, too long) is turned into the same AlmanacError the
 * engine throws for a wrong value, so the client sees one message per field whichever layer caught it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALMANAC_ERROR_MESSAGES, AlmanacError, type AlmanacErrorCode } from '@xuanli/almanac/errors';
import { BAZI_ROUTES } from '@xuanli/contracts/routes/bazi';
import type { FastifyReply, FastifySchemaValidationError } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { jsonUtf8 } from '../../shared/utf8-json.ts';
import { fancha } from './fancha.ts';
import { chartOf, compatibilityOf, hehunOf, readingsOf } from './service.ts';

/** Fastify's own content type for JSON (it sets it itself only when no custom serializer is used). */
const JSON_UTF8 = 'application/json; charset=utf-8';
/** Fastify sends a serializer's Buffer as is (reply.js onSendEnd), though its types say string. */
const bufferSerializer = jsonUtf8 as unknown as (payload: unknown) => string;

/**
 * Answers `body`, built already, as UTF-8 JSON bytes (utf8-json.ts): a chart's answer is mostly Chinese
 * text whose 200 schema passes its fields through whole, so the schema's serializer would only
 * re-stringify what JSON.stringify does, and jsonUtf8 also skips the slow UTF-16→UTF-8 step. Called once
 * the answer is built, so failures keep the schema's error serializer.
 */
export function answerAsUtf8<T>(reply: FastifyReply, body: T): T {
  reply.type(JSON_UTF8).serializer(bufferSerializer);
  return body;
}

/** A route's `schemaErrorFormatter` (Fastify does not export the type from its entry point). */
type SchemaErrorFormatter = (errors: FastifySchemaValidationError[], dataVar: string) => Error;

/** Fastify's own wording of schema errors, for the fields the original app had no message for. */
function defaultMessage(errors: FastifySchemaValidationError[], dataVar: string): Error {
  return new Error(errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).join(', '));
}

/**
 * A schema-error formatter that answers with the engine's error for the listed fields. `fields` maps
 * a JSON pointer prefix ('/sex', '/fen/ta') to the code, and optionally to the person the field
 * belongs to, whom the message then names ('乙方：性别参数错误！'); the first entry any error falls
 * under wins, so the order is the engine's own order of checks.
 */
export function engineMessagesFor(
  fields: readonly (readonly [string, AlmanacErrorCode, string?])[],
): SchemaErrorFormatter {
  return (errors, dataVar) => {
    const paths = errors.map((e) =>
      e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath,
    );
    for (const [prefix, code, person] of fields) {
      if (paths.some((path) => path === prefix || path.startsWith(`${prefix}/`)))
        return person
          ? new AlmanacError(code, `${person}：${ALMANAC_ERROR_MESSAGES[code]}`)
          : new AlmanacError(code);
    }
    return defaultMessage(errors, dataVar);
  };
}

/**
 * The chart body's schema errors as the engine words them: parseSex runs before the birth text is
 * read, so a body wrong in both answers 性别参数错误！.
 */
export const chartErrors = engineMessagesFor([
  ['/sex', 'WRONG_SEX'],
  ['/born', 'WRONG_BIRTH_TEXT'],
]);
// Each side's sex before its birth, as one chart checks them; 甲方 before 乙方, as the engine reads them.
const hehunErrors = engineMessagesFor([
  ['/a/sex', 'WRONG_SEX', '甲方'],
  ['/a/born', 'WRONG_BIRTH_TEXT', '甲方'],
  ['/b/sex', 'WRONG_SEX', '乙方'],
  ['/b/born', 'WRONG_BIRTH_TEXT', '乙方'],
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

/** Registers bzdata, miji, hehun, jxfen and fancha; mount with prefix `/api/app/bln.suan` (lower case). */
export const baziRoutes: FastifyPluginAsyncTypebox<BaziRouteDeps> = async (app, { db, clock }) => {
  addRoute(
    app,
    BAZI_ROUTES.postBzdata,
    {
      tags: ['bazi'],
      summary:
        'The bazi chart of a birth profile: pillars, 大运, 流年, 流月, 神煞, 口径 (path case-insensitive)',
      schemaErrorFormatter: chartErrors,
    },
    // Pure and database-free: the bench measures this route against a bare Fastify one.
    async (request, reply) => answerAsUtf8(reply, ok(chartOf(clock, request.body))),
  );

  addRoute(
    app,
    BAZI_ROUTES.postMiji,
    {
      tags: ['bazi'],
      summary: 'Readings of the chart (日主 and strength, 五行, 十神, 神煞); texts are editable content',
      schemaErrorFormatter: chartErrors,
    },
    async (request) => ok(await readingsOf({ db, clock }, request.body)),
  );

  addRoute(
    app,
    BAZI_ROUTES.postHehun,
    {
      tags: ['bazi'],
      summary:
        '合婚 from two whole charts: points with reasons and weights, a restrained total and level, the 生肖 view beside it',
      schemaErrorFormatter: hehunErrors,
    },
    async (request) => ok(hehunOf(request.body)),
  );

  addRoute(
    app,
    BAZI_ROUTES.postJxfen,
    {
      tags: ['bazi'],
      summary: 'Compatibility of two earthly branches per topic (marriage, lawsuit, moving, illness, wealth)',
      schemaErrorFormatter: fenErrors,
    },
    async (request) => ok(compatibilityOf(request.body.fen)),
  );

  addRoute(
    app,
    BAZI_ROUTES.postFancha,
    {
      tags: ['bazi'],
      summary:
        '四柱反查: every 时辰 1801–2099 (or the years asked) with the four pillars, each ready to chart; pillars that cannot stand together are 400 WrongPillars',
    },
    // Pure and database-free like bzdata: a few dozen table reads whatever the range (bench: fancha).
    async (request) => ok(fancha(request.body)),
  );
};
