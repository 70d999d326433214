/**
 * The pay module's console routes under `/api/admin` (the orders area's roles, admin and support):
 * 对账异常 — what reconciliation with the providers found — and marking a finding handled. The pay
 * module owns them; the admin module only lends its role guard and the operator's name for the audit
 * row, handed over by app.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminPayFindingListSchema,
  AdminPayFindingParamsSchema,
  AdminPayFindingQuerySchema,
  AdminPayFindingResolveBodySchema,
  AdminPayFindingSchema,
} from '@xuanli/contracts/admin-pay';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Auditor } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
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

const tags = ['admin'];
const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };

/** `admin/pay-findings…`. */
export const payConsoleRoutes: FastifyPluginAsyncTypebox<PayConsoleRoutesOptions> = async (
  app,
  { db, clock, guard, auditorOf, security },
) => {
  const deps = { db, clock };

  app.get(
    '/pay-findings',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: '对账异常: what asking the payment providers found, newest first',
        security,
        querystring: AdminPayFindingQuerySchema,
        response: { 200: okEnvelopeSchema(AdminPayFindingListSchema), ...refusals },
      },
    },
    async (request) => ok(await listFindings(deps, request.query)),
  );

  app.post(
    '/pay-findings/:id/resolve',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Mark a reconciliation finding handled, with a note (audited)',
        description: 'NotFound for an unknown finding; Conflict when it was marked handled already.',
        security,
        params: AdminPayFindingParamsSchema,
        body: AdminPayFindingResolveBodySchema,
        response: { 200: okEnvelopeSchema(AdminPayFindingSchema), ...refusals },
      },
    },
    async (request) =>
      ok(await resolveFinding(deps, request.params.id, request.body.note, auditorOf(request))),
  );
};
