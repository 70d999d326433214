/**
 * The audit log area of the console (role admin).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditListSchema, AuditQuerySchema } from '@xuanli/contracts/admin';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { ok } from '../../shared/envelope.ts';
import { listAudit } from './audit-log.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';

/** `GET admin/audit`. */
export const auditRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  app.get(
    '/audit',
    {
      preHandler: requireOperator(...ADMIN_AREA_ROLES.audit),
      schema: {
        tags: ['admin'],
        summary: 'The audit log: filter by operator, action, target and time; newest first, paged',
        security: CONSOLE_SECURITY,
        querystring: AuditQuerySchema,
        response: {
          200: okEnvelopeSchema(AuditListSchema),
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await listAudit(deps, request.query)),
  );
};
