/**
 * The port every SMS sender implements (the outbox, Aliyun, Tencent Cloud) and what they are built
 * from. It sits apart from `sender.ts`, which picks one of them, so that the senders import the port
 * and not the module that imports them.
 */

import type { Clock } from '../../../shared/clock.ts';
import type { SmsConfig } from './settings.ts';

/** One login code for one phone. */
export interface SmsMessage {
  phone: string;
  code: string;
}

/** Sends messages; rejects when the message certainly or possibly did not go out. */
export interface SmsSender {
  readonly provider: SmsConfig['provider'];
  send(message: SmsMessage): Promise<void>;
}

/** The logging a sender needs (a pino logger fits). */
export interface SmsLog {
  info(object: object, message: string): void;
}

/** What senders are built from; `fetch` is replaceable so the real providers can be tested offline. */
export interface SmsSenderDeps {
  config: SmsConfig;
  clock: Clock;
  log: SmsLog;
  fetch?: typeof fetch;
}

/** How long a provider may take to answer before the send counts as failed. */
export const PROVIDER_TIMEOUT_MS = 8000;
