/**
 * A buyer's account and an operator's hands, for the tests that need a logged-in user: a fresh phone
 * number, login through the login page with the SMS code the development sender wrote to the outbox
 * (the real sending path, `SMS_PROVIDER=outbox`), and `npm run admin` against the running server.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { assert, eventually, expectVisible } from './expect.ts';
import type { TestContext } from './harness.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** A fresh mainland mobile number for this run (139 + 8 random digits), one account per test. */
export function newPhone(): string {
  return `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** The newest SMS code the development sender wrote to the outbox for `phone`. */
function codeFromOutbox(t: TestContext, phone: string): string {
  const lines = readFileSync(join(t.server.dataDir, 'outbox', 'sms.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const mine = lines
    .map((line) => JSON.parse(line) as { phone: string; code: string })
    .filter((m) => m.phone === phone);
  assert(mine.length > 0, `no SMS to ${phone} in the outbox`);
  return mine[mine.length - 1].code;
}

/** Waits until the outbox holds a code for `phone` (the send is asynchronous to the tap). */
export function waitForCode(t: TestContext, phone: string): Promise<string> {
  return eventually(
    `an SMS code for ${phone} in the outbox`,
    async () => {
      try {
        return codeFromOutbox(t, phone);
      } catch {
        return '';
      }
    },
    (code) => /^\d{6}$/.test(code),
  );
}

/** Logs in through the login page with the SMS code from the outbox; ends on the page it returns to. */
export async function loginBySms(t: TestContext, phone: string): Promise<void> {
  const { page } = t;
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expectVisible(page.getByRole('button', { name: /重新获取\(\d+s\)/ }), 'the 60 s countdown');
  const code = await waitForCode(t, phone);
  await page.getByPlaceholder('6 位短信验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** `npm run admin -- …args` against the running server's data, as an operator would type it. */
export function admin(t: TestContext, ...args: string[]): string {
  return adminWithInput(t, undefined, ...args);
}

/** The same, with `input` piped to the command (a `--password-stdin` password). */
export function adminWithInput(t: TestContext, input: string | undefined, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['apps/api/src/cli/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: t.server.env,
    encoding: 'utf8',
    input,
    timeout: 30_000,
  });
  assert(
    result.status === 0,
    `admin ${args.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout}`,
  );
  return result.stdout;
}

/**
 * Gives the account logged in on `page` a new password `${prefix}-<random>` through the API, as 我的 ›
 * 修改密码 does, and answers it: a second phone of the account logs in with it, since a second SMS
 * code is a minute away.
 */
export async function setPasswordOnPhone(page: Page, prefix: string): Promise<string> {
  const password = `${prefix}-${randomInt(1e9)}`;
  const status = await page.evaluate(async (secret) => {
    const token = JSON.parse(localStorage.getItem('jw-token') ?? '{}').jwt as string;
    const res = await fetch('/api/crm/member/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ password: secret }),
    });
    return res.status;
  }, password);
  assert(status === 200, `setting a password: HTTP ${status}`);
  return password;
}
