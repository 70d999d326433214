/**
 * What every console route plugin is built from, and how its routes are documented.
 */
import type { ConsoleDeps } from './deps.ts';
import type { RequireOperator } from './guard.ts';

/** The options of each console route plugin. */
export interface ConsoleRoutesOptions {
  deps: ConsoleDeps;
  requireOperator: RequireOperator;
}

/** The OpenAPI security of console routes: the bearer token of `admin/login`. */
export const CONSOLE_SECURITY = [{ adminBearer: [] }];
