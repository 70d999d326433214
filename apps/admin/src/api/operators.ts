/** The operator-account calls of the console (role admin; packages/contracts/src/admin.ts). */
import type {
  OperatorAddBody,
  OperatorDisableBody,
  OperatorList,
  OperatorResult,
  OperatorRoleBody,
} from '@xuanli/contracts/admin';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/operators`: every operator, disabled ones included. */
export function listOperators(): Promise<OperatorList> {
  return api.call(CONSOLE_ROUTES.admin.getOperators);
}

/** `POST /api/admin/operators`: adds an operator (409 when the username is taken). */
export function addOperator(body: OperatorAddBody): Promise<OperatorResult> {
  return api.call(CONSOLE_ROUTES.admin.postOperators, { body });
}

/** `POST /api/admin/operators/{id}/disable`: the operator can no longer log in; their logins end. */
export function disableOperator(id: number, body: OperatorDisableBody): Promise<OperatorResult> {
  return api.call(CONSOLE_ROUTES.admin.postOperatorsByIdDisable, { params: { id }, body });
}

/** `POST /api/admin/operators/{id}/role`: gives the operator another role. */
export function changeOperatorRole(id: number, body: OperatorRoleBody): Promise<OperatorResult> {
  return api.call(CONSOLE_ROUTES.admin.postOperatorsByIdRole, { params: { id }, body });
}
