/**
 * The operators area of the console (role admin): the list, a new operator, disabling one, a role.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  OperatorAddBodySchema,
  OperatorDisableBodySchema,
  OperatorListSchema,
  OperatorParamsSchema,
  OperatorResultSchema,
  OperatorRoleBodySchema,
} from '@xuanli/contracts/admin';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../shared/envelope.ts';
import { reasonOf } from '../../shared/reason.ts';
import { auditorOf } from './account.ts';
import { operatorOf } from './guard.ts';
import { addOperator, disableOperator, listOperators, setOperatorRole } from './operators.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';

const tags = ['admin'];
const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };

/** A POST without a body is an empty object, so its optional reason is simply absent. */
async function emptyBody(request: FastifyRequest) {
  request.body ??= {};
}

/** `admin/operators…`. */
export const operatorRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  const admin = requireOperator(...ADMIN_AREA_ROLES.operators);

  app.get(
    '/operators',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Every operator account, disabled ones included',
        security: CONSOLE_SECURITY,
        response: { 200: okEnvelopeSchema(OperatorListSchema), ...refusals },
      },
    },
    async () => ok({ list: await listOperators(deps) }),
  );

  app.post(
    '/operators',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Add an operator with a role and a first password (at least 10 characters)',
        description: 'Conflict when the username is taken.',
        security: CONSOLE_SECURITY,
        body: OperatorAddBodySchema,
        response: { 200: okEnvelopeSchema(OperatorResultSchema), ...refusals },
      },
    },
    async (request) =>
      ok({ operator: await addOperator(deps, request.body, auditorOf(operatorOf(request))) }),
  );

  app.post(
    '/operators/:id/disable',
    {
      preValidation: emptyBody,
      preHandler: admin,
      schema: {
        tags,
        summary: 'Disable an operator: no more logins, and every live one ends now',
        description:
          'BadRequest for the caller themselves; Conflict when already disabled or the last active admin.',
        security: CONSOLE_SECURITY,
        params: OperatorParamsSchema,
        body: OperatorDisableBodySchema,
        response: { 200: okEnvelopeSchema(OperatorResultSchema), ...refusals },
      },
    },
    async (request) => {
      const { reason } = request.body;
      const operator = await disableOperator(
        deps,
        { id: request.params.id },
        auditorOf(operatorOf(request)),
        reason === undefined ? undefined : reasonOf(reason),
      );
      return ok({ operator });
    },
  );

  app.post(
    '/operators/:id/role',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "Change an operator's role (applies at their next request)",
        description: 'Conflict when it would leave no active admin.',
        security: CONSOLE_SECURITY,
        params: OperatorParamsSchema,
        body: OperatorRoleBodySchema,
        response: { 200: okEnvelopeSchema(OperatorResultSchema), ...refusals },
      },
    },
    async (request) => {
      const { role, reason } = request.body;
      const operator = await setOperatorRole(
        deps,
        { id: request.params.id },
        role,
        auditorOf(operatorOf(request)),
        reason === undefined ? undefined : reasonOf(reason),
      );
      return ok({ operator });
    },
  );
};
