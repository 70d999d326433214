/**
 * What the operators' console lends a domain module that keeps its own `/api/admin/…` routes: the role
 * guard, the name the audit trail gives the operator the guard let through, and how the routes are
 * documented. The console (modules/admin) builds it and app.ts hands it over, so a domain module owns
 * its console routes and writes without importing the console, and the console imports no domain.
 */
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Auditor } from './audit.ts';
import type { Clock } from './clock.ts';
import { consoleFailures } from './contract-route.ts';

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

/** The options of a console area whose functions take the database and the clock only. */
export type DbConsoleOptions = ConsoleRouteOptions<{ db: Db; clock: Clock }>;

/**
 * What every route of one console area declares alike — the tag, the console's OpenAPI security and
 * failures, and the area's role guard — spread into each route's options:
 * `addRoute(app, entry, { ...area, summary }, handler)`.
 */
export interface ConsoleArea {
  tags: string[];
  security: ConsoleAccess['security'];
  failures: typeof consoleFailures;
  preHandler: preHandlerAsyncHookHandler;
}

/** The console area whose routes `guard` lets through (the console's `requireOperator(...roles)`). */
export function consoleArea(
  guard: preHandlerAsyncHookHandler,
  security: ConsoleAccess['security'],
): ConsoleArea {
  return { tags: ['admin'], security, failures: consoleFailures, preHandler: guard };
}

/** The console area of a domain's console plugin (`access`, its options) open to operators of `roles`. */
export function consoleAreaOf(access: ConsoleAccess, roles: readonly AdminRole[]): ConsoleArea {
  return consoleArea(access.requireOperator(...roles), access.security);
}
