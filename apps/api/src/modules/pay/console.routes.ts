/**
 * The pay module's console routes under `/api/admin` (the orders area's roles, admin and support):
 * 对账异常 — what reconciliation with the providers found — and marking a finding handled. The pay
 * module owns them; the admin module only lends its role guard and the operator's name for the audit
 * row, handed over by app.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAY_CONSOLE_ROUTES } from '@xuanli/contracts/routes/pay';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Auditor } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import { consoleArea } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { listFindings, resolveFinding } from './findings.ts';

/** What the console routes are built from. */
export interface PayConsoleRoutesOptions {
  db: Db;
  clock: Clock;
  /** The console's role guard for the orders area. */
  guard: preHandlerAsyncHookHandler;
  /** The operator the guard let through, as the audit trail names them. */
  auditorOf(request: FastifyRequest): Required<Auditor>;
  /** The OpenAPI security of console routes (the console's bearer token). */
  security: Record<string, string[]>[];
}

/** `admin/pay-findings…`. */
export const payConsoleRoutes: FastifyPluginAsyncTypebox<PayConsoleRoutesOptions> = async (
  app,
  { db, clock, guard, auditorOf, security },
) => {
  const deps = { db, clock };
  const orderDesk = consoleArea(guard, security);

  addRoute(
    app,
    PAY_CONSOLE_ROUTES.getPayFindings,
    {
      ...orderDesk,
      summary: '对账异常: what asking the payment providers found, newest first',
    },
    async (request) => ok(await listFindings(deps, request.query)),
  );

  addRoute(
    app,
    PAY_CONSOLE_ROUTES.postPayFindingsByIdResolve,
    {
      ...orderDesk,
      summary: 'Mark a reconciliation finding handled, with a note (audited)',
      description: 'NotFound for an unknown finding; Conflict when it was marked handled already.',
    },
    async (request) =>
      ok(await resolveFinding(deps, request.params.id, request.body.note, auditorOf(request))),
  );
};
