/**
 * Sending login codes by SMS. One interface, three senders chosen only by configuration
 * (`SMS_PROVIDER`): the development outbox (a file in the data folder), Aliyun and Tencent Cloud. The
 * member service calls `send` the same way whichever it is, so the outbox exercises the very code path
 * the real providers take.
 *
 * No sender ever logs a code or a credential; phones are logged masked.
 */
import { aliyunSender } from './aliyun.ts';
import { outboxSender } from './outbox.ts';
import type { SmsSender, SmsSenderDeps } from './port.ts';
import { tencentSender } from './tencent.ts';

export type { SmsMessage, SmsSender } from './port.ts';

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
