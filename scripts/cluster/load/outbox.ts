/**
 * The development SMS outbox the nodes share (SMS_OUTBOX_DIR): every node appends `{phone, code, at}`
 * lines to one `sms.jsonl`. The check reads what was added since its last look, as a phone would
 * receive the message, whichever node sent it.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from '../procs.ts';

/** The codes of the outbox by phone, read as the file grows. */
export class OutboxReader {
  private readonly file: string;
  private offset = 0;
  private rest = '';
  private readonly codes = new Map<string, string>();

  constructor(dir: string) {
    this.file = join(dir, 'sms.jsonl');
  }

  /** Reads the lines appended since the last call. */
  private readNew(): void {
    if (!existsSync(this.file)) return;
    const size = statSync(this.file).size;
    if (size <= this.offset) return;
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    this.offset = size;
    const lines = (this.rest + buffer.toString('utf8')).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      const { phone, code } = JSON.parse(line) as { phone: string; code: string };
      this.codes.set(phone, code);
    }
  }

  /** The newest code sent to `phone`, waiting up to `timeoutMs` for it; undefined when none came. */
  async codeFor(phone: string, timeoutMs = 3000): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.readNew();
      const code = this.codes.get(phone);
      if (code || Date.now() >= deadline) return code;
      await sleep(50);
    }
  }

  /** Forgets `phone`'s code once used, so a later code is not confused with it. */
  forget(phone: string): void {
    this.codes.delete(phone);
  }
}
