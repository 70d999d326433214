/**
 * The console's login and the operator's own account: `admin/login`, `admin/logout`, `admin/me`, the
 * own password and two-step verification. Every route but login admits any operator role.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_ROLES } from '@xuanli/contracts/admin-labels';
import { ADMIN_CONSOLE_ROUTES } from '@xuanli/contracts/routes/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addRoute, signedInFailures, signInFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { changeOwnPassword, confirmTotp, disableTotp, enrolTotp, me } from './account.ts';
import { operatorOf } from './guard.ts';
import { guessLimit } from './limits.ts';
import { login, logout } from './login.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';
import type { OperatorSession } from './sessions.ts';

const tags = ['admin'];

/** Login, logout and the operator's own account. */
export const authRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  const limit = guessLimit(app, deps.config);
  const anyOperator = requireOperator(...ADMIN_ROLES);

  /**
   * A change to the caller's own account that takes their password or a TOTP code: counted with the
   * login attempts on their username, so a console token in the wrong hands cannot guess either.
   * Answers the change, or the reply that already carries the 429.
   */
  async function countedOwnChange<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    change: (session: OperatorSession) => Promise<T>,
  ) {
    const session = operatorOf(request);
    if (!(await limit(request, reply, session.operator.username))) return reply;
    return ok(await change(session));
  }

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postLogin,
    {
      tags,
      summary: 'Operator login with username, password and (when two-step verification is on) a TOTP code',
      description:
        'Answers a 12-hour console token for `Authorization: Bearer`. Errors: OperatorLoginFailed (401, ' +
        'the same for an unknown username, a wrong password and a disabled account), TotpRequired (401), ' +
        'TotpInvalid (400), TooManyRequests (a Chinese `msg`, `retryAfter` seconds) per IP and per username ' +
        'and IP. Many attempts on one username from anywhere slow each further one down (at most ' +
        'ADMIN_LOGIN_MAX_DELAY_MS) but never refuse it, so a guesser cannot lock the operator out.',
      failures: signInFailures,
    },
    async (request, reply) => {
      if (!(await limit(request, reply, request.body.username))) return reply;
      return ok(await login(deps, request.body, request.ip));
    },
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postLogout,
    {
      tags,
      summary: "End the caller's console login: its token is refused from now on",
      security: CONSOLE_SECURITY,
      failures: signedInFailures,
      preHandler: anyOperator,
    },
    async (request) => ok(await logout(deps, operatorOf(request))),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getMe,
    {
      tags,
      summary: 'The logged-in operator and when the login ends',
      security: CONSOLE_SECURITY,
      failures: signedInFailures,
      preHandler: anyOperator,
    },
    async (request) => ok(me(operatorOf(request))),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postMePassword,
    {
      tags,
      summary: "Change the caller's own password; the operator's other logins end",
      description: 'Errors: WrongOldPassword (400); TooManyRequests (counted with the login attempts).',
      security: CONSOLE_SECURITY,
      failures: signInFailures,
      preHandler: anyOperator,
    },
    async (request, reply) =>
      countedOwnChange(request, reply, (session) => changeOwnPassword(deps, session, request.body)),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postMeTotpEnrol,
    {
      tags,
      summary:
        'Start two-step verification: a new secret and its otpauth:// URL (not enforced until confirmed)',
      description: 'Conflict while two-step verification is on.',
      security: CONSOLE_SECURITY,
      failures: signedInFailures,
      preHandler: anyOperator,
    },
    async (request) => ok(await enrolTotp(deps, operatorOf(request))),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postMeTotpConfirm,
    {
      tags,
      summary: 'Turn two-step verification on with a code of the enrolled secret',
      description: 'Errors: TotpInvalid (400), Conflict (on already, or nothing enrolled), TooManyRequests.',
      security: CONSOLE_SECURITY,
      failures: signInFailures,
      preHandler: anyOperator,
    },
    async (request, reply) =>
      countedOwnChange(request, reply, (session) => confirmTotp(deps, session, request.body.code)),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postMeTotpDisable,
    {
      tags,
      summary: 'Turn two-step verification off with a current code',
      description:
        'Errors: TotpInvalid (400, wrong or already used), Conflict (off already), TooManyRequests.',
      security: CONSOLE_SECURITY,
      failures: signInFailures,
      preHandler: anyOperator,
    },
    async (request, reply) =>
      countedOwnChange(request, reply, (session) => disableTotp(deps, session, request.body.code)),
  );
};
