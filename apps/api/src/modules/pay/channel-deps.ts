/**
 * What the payment channels are built from: the clock (signature times, freshness), a logger for
 * provider refusals (never a key, id or signature), the time a provider may take, and `fetch`, which
 * tests replace with a fake provider.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';

/** The logging the pay module does (a pino logger fits). */
export interface PayLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Dependencies of every channel. */
export interface ChannelDeps {
  db: Db;
  clock: Clock;
  log: PayLog;
  /** Milliseconds a provider may take to answer (PAY_PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  fetch?: typeof fetch;
}
