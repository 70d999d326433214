/**
 * The operators area of the console (role admin): the list, a new operator, disabling one, a role.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ADMIN_CONSOLE_ROUTES } from '@xuanli/contracts/routes/admin';
import type { FastifyRequest } from 'fastify';
import { consoleArea } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { reasonOf } from '../../shared/reason.ts';
import { auditorOf } from './account.ts';
import { operatorOf } from './guard.ts';
import { addOperator, disableOperator, listOperators, setOperatorRole } from './operators.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';

/** A POST without a body is an empty object, so its optional reason is simply absent. */
async function emptyBody(request: FastifyRequest) {
  request.body ??= {};
}

/** `admin/operators…`. */
export const operatorRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  const admin = consoleArea(requireOperator(...ADMIN_AREA_ROLES.operators), CONSOLE_SECURITY);

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.getOperators,
    {
      ...admin,
      summary: 'Every operator account, disabled ones included',
    },
    async () => ok({ list: await listOperators(deps) }),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postOperators,
    {
      ...admin,
      summary: 'Add an operator with a role and a first password (at least 10 characters)',
      description: 'Conflict when the username is taken.',
    },
    async (request) =>
      ok({ operator: await addOperator(deps, request.body, auditorOf(operatorOf(request))) }),
  );

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postOperatorsByIdDisable,
    {
      ...admin,
      summary: 'Disable an operator: no more logins, and every live one ends now',
      description:
        'BadRequest for the caller themselves; Conflict when already disabled or the last active admin.',
      preValidation: emptyBody,
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

  addRoute(
    app,
    ADMIN_CONSOLE_ROUTES.postOperatorsByIdRole,
    {
      ...admin,
      summary: "Change an operator's role (applies at their next request)",
      description: 'Conflict when it would leave no active admin.',
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
