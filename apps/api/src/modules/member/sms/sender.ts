/**
 * Sending login codes by SMS. One interface, three senders chosen only by configuration
 * (`SMS_PROVIDER`): the development outbox (a file in the data folder), Aliyun and Tencent Cloud. The
 * member service calls `send` the same way whichever it is, so the outbox exercises the very code path
 * the real providers take.
 *
 * No sender ever logs a code or a credential; phones are logged masked.
 */
import type { SmsConfig } from '../../../config.ts';
import type { Clock } from '../../../shared/clock.ts';
import { aliyunSender } from './aliyun.ts';
import { outboxSender } from './outbox.ts';
import { tencentSender } from './tencent.ts';

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

/** The sender `config.provider` names. */
export function createSmsSender(deps: SmsSenderDeps): SmsSender {
  switch (deps.config.provider) {
    case 'aliyun':
      return aliyunSender(deps);
    case 'tencent':
      return tencentSender(deps);
    default:
      return outboxSender(deps);
  }
}
