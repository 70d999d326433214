/**
 * What every console route plugin is built from, and how its routes are documented.
 */
import type { SmsProvider } from '../../config.ts';
import type { ConsoleAccess } from '../../shared/console-access.ts';
import type { PayService } from '../pay/index.ts';
import { auditorOf } from './account.ts';
import type { ConsoleDeps } from './deps.ts';
import { createRequireOperator, operatorOf, type RequireOperator } from './guard.ts';

/** The options of each console route plugin. */
export interface ConsoleRoutesOptions {
  deps: ConsoleDeps;
  requireOperator: RequireOperator;
  /** The 开店清单 asks the pay service which channels are live. */
  pay: PayService;
  /** The SMS sender the member module was given (the 开店清单 tells the outbox from a real provider). */
  smsProvider: SmsProvider;
}

/** The OpenAPI security of console routes: the bearer token of `admin/login`. */
export const CONSOLE_SECURITY = [{ adminBearer: [] }];

/**
 * What the console lends the domain modules that keep their own console routes: its role guard over
 * `deps`, the audit name of the operator it let through, and its OpenAPI security.
 */
export function consoleAccessOf(deps: ConsoleDeps): ConsoleAccess {
  return {
    requireOperator: createRequireOperator(deps),
    auditorOf: (request) => auditorOf(operatorOf(request)),
    security: CONSOLE_SECURITY,
  };
}
