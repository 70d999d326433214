/**
 * What every console route plugin is built from, and how its routes are documented.
 */
import type { SmsProvider } from '../../config.ts';
import type { FileStorage } from '../../shared/storage.ts';
import type { PayService } from '../pay/index.ts';
import type { ConsoleDeps } from './deps.ts';
import type { RequireOperator } from './guard.ts';

/** The options of each console route plugin. */
export interface ConsoleRoutesOptions {
  deps: ConsoleDeps;
  requireOperator: RequireOperator;
  /** Where uploads go: article images, avatars and QR codes, product images, lesson videos, courseware. */
  storage: FileStorage;
  /** Refunds go back through the channel that took the payment. */
  pay: PayService;
  /** The SMS sender the member module was given (the 开店清单 tells the outbox from a real provider). */
  smsProvider: SmsProvider;
}

/** The OpenAPI security of console routes: the bearer token of `admin/login`. */
export const CONSOLE_SECURITY = [{ adminBearer: [] }];
