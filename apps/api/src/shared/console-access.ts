/**
 * What the operators' console lends a domain module that keeps its own `/api/admin/…` routes: the role
 * guard, the name the audit trail gives the operator the guard let through, and how the routes are
 * documented. The console (modules/admin) builds it and app.ts hands it over, so a domain module owns
 * its console routes and writes without importing the console, and the console imports no domain.
 */
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Auditor } from './audit.ts';

/** A console operator as the audit trail names them: always with their id. */
export interface OperatorAuditor extends Required<Auditor> {
  operatorId: number;
}

/** The console's role guard, its audit names and its OpenAPI security, for a domain's console routes. */
export interface ConsoleAccess {
  /** A preHandler letting through a logged-in operator of one of `roles` (401 without a login, 403 otherwise). */
  requireOperator(...roles: AdminRole[]): preHandlerAsyncHookHandler;
  /** The operator the guard let through, as the audit trail names them; throws on a route without the guard. */
  auditorOf(request: FastifyRequest): OperatorAuditor;
  /** The OpenAPI security of console routes (the console's bearer token). */
  security: Record<string, string[]>[];
}

/** The options of a domain's console route plugin: the console's access and the domain's own deps. */
export interface ConsoleRouteOptions<Deps> extends ConsoleAccess {
  deps: Deps;
}
