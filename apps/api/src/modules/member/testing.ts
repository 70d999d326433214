/**
 * Helpers of the member tests: an app whose SMS outbox is a fresh temporary folder, and the codes read
 * back from that outbox the way a developer (or the end-to-end test) reads them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { type Config, parseSmsConfig } from '../../config.ts';
import { OUTBOX_FILE } from './sms/outbox.ts';

/** A test app with its own data folder (outbox in `dataDir/outbox`); `close` removes the folder too. */
export async function buildMemberApp(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<TestApp & { dataDir: string; outboxFile: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-member-'));
  const config: Partial<Config> = { dataDir, sms: parseSmsConfig({}, dataDir), ...options.config };
  const t = await buildTestApp({ ...options, config });
  return {
    ...t,
    dataDir,
    outboxFile: join(dataDir, 'outbox', OUTBOX_FILE),
    async close() {
      try {
        await t.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Every line of the outbox, parsed (none when nothing was sent yet). */
export function outboxLines(outboxFile: string): { phone: string; code: string; at: string }[] {
  let text: string;
  try {
    text = readFileSync(outboxFile, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The last code the outbox holds for `phone`; throws when there is none. */
export function lastCode(outboxFile: string, phone: string): string {
  const line = outboxLines(outboxFile).findLast((entry) => entry.phone === phone);
  if (!line) throw new Error(`no code for ${phone} in the outbox`);
  return line.code;
}
