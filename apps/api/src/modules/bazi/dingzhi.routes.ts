/**
 * `app/bln.Suan/dingzhi` (定制, PRODUCT.md#dingzhi): a VIP's fortune for a day and its week.
 * Registered in lower case under `/api/app/bln.suan` like the other bazi routes (plugins/app-paths.ts
 * folds the case of `/api/app/` paths).
 *
 * The session and VIP checks run at `onRequest`, before the body is even parsed, so that nobody but a
 * VIP learns anything from this route — not even whether a body would validate: visitor 401, user or
 * lapsed VIP 403, then 400 for a wrong body, 200 for a VIP. A schema failure on the profile answers the
 * engine's own error for that field (性别参数错误！, 生日参数错误！), as bzdata does.
 *
 * `GET`/`PUT /dingzhi/profile` read and replace the caller's own 定制 profile (dingzhi-profile.ts): any
 * signed-in account (visitor 401), VIP or not, so a lapsed member's profile is there again when the
 * membership is renewed; the session names the account, so nobody reaches another's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BAZI_ROUTES } from '@xuanli/contracts/routes/bazi';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { createRequireSession, type SessionDeps, sessionOf } from '../sessions/index.ts';
import { assertMember, assertVip, fortuneOf } from './dingzhi.service.ts';
import { readDingzhiProfile, saveDingzhiProfile } from './dingzhi-profile.ts';
import { answerAsUtf8, engineMessagesFor } from './routes.ts';

// parseSex runs before the birth text is read, so a profile wrong in both answers 性别参数错误！.
const profileErrors = engineMessagesFor([
  ['/bazi/sex', 'WRONG_SEX'],
  ['/bazi/born', 'WRONG_BIRTH_TEXT'],
  ['/bazi', 'WRONG_BIRTH_TEXT'],
]);
const savedProfileErrors = engineMessagesFor([
  ['/sex', 'WRONG_SEX'],
  ['/born', 'WRONG_BIRTH_TEXT'],
]);

/** What the 定制 route needs: the database (sessions, users), the token settings and the clock. */
export interface DingzhiRouteDeps {
  db: Db;
  config: SessionDeps['config'];
  clock: Clock;
}

/** Registers `POST /dingzhi`; mount with prefix `/api/app/bln.suan` (lower case). */
export const dingzhiRoutes: FastifyPluginAsyncTypebox<DingzhiRouteDeps> = async (app, deps) => {
  const requireSession = createRequireSession(deps);
  const requireVip = async (request: FastifyRequest) => assertVip(deps, sessionOf(request).userId);
  const requireMember = async (request: FastifyRequest) => {
    await assertMember(deps, sessionOf(request).userId);
  };
  /** The account the guards above admitted. */
  const memberOf = (request: FastifyRequest) => sessionOf(request).userId as number;

  addRoute(
    app,
    BAZI_ROUTES.postDingzhi,
    {
      tags: ['bazi'],
      summary:
        "定制: a VIP's fortune of one type for a day (default today in Beijing) and its week, Monday to Sunday",
      security: [{ token: [] }],
      onRequest: [requireSession, requireVip],
      schemaErrorFormatter: profileErrors,
    },
    // Mostly Chinese text: written as UTF-8 bytes like bzdata's chart (routes.ts), once it is built.
    async (request, reply) => answerAsUtf8(reply, ok(fortuneOf(deps.clock, request.body))),
  );

  addRoute(
    app,
    BAZI_ROUTES.getDingzhiProfile,
    {
      tags: ['bazi'],
      summary:
        "The caller's own 定制 profile (birth profile and fortune type), or null before the first save",
      security: [{ token: [] }],
      onRequest: [requireSession, requireMember],
    },
    async (request) => ok(await readDingzhiProfile(deps.db, memberOf(request))),
  );

  addRoute(
    app,
    BAZI_ROUTES.putDingzhiProfile,
    {
      tags: ['bazi'],
      summary:
        "Replaces the caller's own 定制 profile; a wrong sex or birth text is 400 with the engine's code",
      security: [{ token: [] }],
      onRequest: [requireSession, requireMember],
      schemaErrorFormatter: savedProfileErrors,
    },
    async (request) =>
      ok(await saveDingzhiProfile(deps.db, memberOf(request), request.body, new Date(deps.clock.now()))),
  );
};
