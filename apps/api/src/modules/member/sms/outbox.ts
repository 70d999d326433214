/**
 * The development sender: instead of an SMS, one JSON line `{phone, code, at}` per message appended to
 * `outboxDir/sms.jsonl`, where a developer or an end-to-end test reads the code. The folder is 0700 and
 * the file 0600 (they hold live login codes). Each line is written by one append (`O_APPEND`), so lines
 * from concurrent sends, even of several processes, never interleave.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { maskPhone } from '../phone.ts';
import type { SmsSender, SmsSenderDeps } from './port.ts';

/** The outbox file inside the outbox folder. */
export const OUTBOX_FILE = 'sms.jsonl';

/** A sender appending to `config.outboxDir/sms.jsonl`. */
export function outboxSender({ config, clock, log }: SmsSenderDeps): SmsSender {
  const file = join(config.outboxDir, OUTBOX_FILE);
  return {
    provider: 'outbox',
    async send({ phone, code }) {
      await mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
      const line = `${JSON.stringify({ phone, code, at: new Date(clock.now()).toISOString() })}\n`;
      await appendFile(file, line, { mode: 0o600, flag: 'a' });
      // Never the code: logs travel further than the outbox file.
      log.info({ phone: maskPhone(phone), file }, 'sms written to outbox');
    },
  };
}
