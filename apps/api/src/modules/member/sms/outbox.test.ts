import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../../../test/build.ts';
import { OUTBOX_FILE, outboxSender } from './outbox.ts';
import { parseSmsConfig } from './settings.ts';

describe('outboxSender', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-outbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('appends whole lines, even for many sends at once, in a private folder and file', async () => {
    const info = vi.fn();
    const sender = outboxSender({ config: parseSmsConfig({}, dataDir), clock: fixedClock(), log: { info } });
    const phones = Array.from({ length: 50 }, (_, i) => `139${String(i).padStart(8, '0')}`);
    await Promise.all(phones.map((phone, i) => sender.send({ phone, code: String(i).padStart(6, '0') })));
    const file = join(dataDir, 'outbox', OUTBOX_FILE);
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(50);
    expect(new Set(lines.map((line) => line.phone))).toEqual(new Set(phones));
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['phone', 'code', 'at']);
      expect(line.code).toBe(String(phones.indexOf(line.phone)).padStart(6, '0'));
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
    expect(info).toHaveBeenCalledTimes(50);
    expect(info.mock.calls[0][1]).toBe('sms written to outbox');
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/"\d{6}"|139\d{8}/);
  });
});
