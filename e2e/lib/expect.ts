/**
 * What the tests expect of a page. The checks wait, on Playwright's `expect` where it says the same,
 * else by polling: the SPA renders asynchronously (lazy chunks, transitions), and a one-shot read right
 * after a tap would make the tests flaky. Only `assert` checks at one moment.
 */
import { expect, type Locator, type Page } from '@playwright/test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `read` until `accept` holds, else throws naming `what` and the last value seen. The default
 * 8 s leaves room for a lazy chunk on a machine shared with other builds.
 */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      lastError = undefined;
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const seen =
        lastError instanceof Error ? `error: ${lastError.message.split('\n')[0]}` : JSON.stringify(last);
      throw new Error(`${what} (waited ${timeoutMs} ms; last seen ${seen})`);
    }
    await sleep(100);
  }
}

/** Waits until the locator's visible text (whitespace collapsed) matches. */
export async function expectText(locator: Locator, expected: string | RegExp, what: string): Promise<string> {
  return eventually(
    `${what}: expected text ${expected}`,
    async () => (await locator.innerText({ timeout: 1000 })).replace(/\s+/g, ' ').trim(),
    (text) => (typeof expected === 'string' ? text === expected : expected.test(text)),
  );
}

/** Waits until the locator (its first match) is visible. */
export async function expectVisible(locator: Locator, what: string): Promise<void> {
  await expect(locator.first(), `${what}: not visible`).toBeVisible({ timeout: 8000 });
}

/** Waits until the URL's hash (router path + query) equals `expected`. */
export async function expectHash(page: Page, expected: string): Promise<void> {
  await eventually(
    `location.hash should be ${expected}`,
    () => page.evaluate(() => decodeURIComponent(location.hash)),
    (hash) => hash === expected,
  );
}

/** A check at one moment (no waiting), failing with `message`; it narrows the type as TypeScript's asserts. */
export function assert(condition: unknown, message: string): asserts condition {
  expect(condition, message).toBeTruthy();
}
