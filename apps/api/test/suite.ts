/**
 * Test helper: what a suite (a test file, or one `describe`) builds once before its tests and gets rid
 * of after them — its app, its signed-in callers — named in one line instead of a `let`, a `beforeAll`
 * and an `afterAll`. Each helper registers the hooks of the suite it is called in and answers at once
 * the object its `beforeAll` fills in, so tests and the suite's own helpers use it as they would the
 * value itself. The hooks run in the order the helpers are called (an operator after its app), and
 * the clean-ups in the reverse order.
 */
import { afterAll, beforeAll } from 'vitest';
import { type Caller, type SignedIn, signIn } from './accounts.ts';
import { buildTestApp, type TestApp } from './build.ts';
import { signInOperator, type TestOperator } from './operators.ts';

/**
 * The object `make` answers, filled in by the suite's `beforeAll` (empty until then); `dispose` runs
 * on it in the suite's `afterAll`, unless `make` failed. For plain records only: a class instance's
 * methods would not be copied.
 */
function beforeSuite<T extends object>(make: () => Promise<T>, dispose?: (value: T) => Promise<unknown>): T {
  const value = {} as T;
  let made = false;
  beforeAll(async () => {
    Object.assign(value, await make());
    made = true;
  });
  if (dispose)
    afterAll(async () => {
      if (made) await dispose(value);
    });
  return value;
}

/** What {@link buildTestApp} takes. */
export type TestAppOptions = Parameters<typeof buildTestApp>[0];

/**
 * The suite's app, built before its tests — by {@link buildTestApp} with `how`, or by `how` itself (an
 * app of a module's own test builder) — and closed after them.
 */
export function useTestApp<T extends TestApp = TestApp>(how: TestAppOptions | (() => Promise<T>) = {}): T {
  const build = typeof how === 'function' ? how : () => buildTestApp(how) as Promise<T>;
  return beforeSuite(build, (t) => t.close());
}

/** A fresh operator of `role` on the suite's app `t`, logged in before the suite's tests. */
export function useOperator(t: TestApp, role: TestOperator['role']): TestOperator {
  return beforeSuite(() => signInOperator(t, role));
}

/** A fresh session of `caller` on the suite's app `t` ({@link signIn}), made before the suite's tests. */
export function useCaller(t: TestApp, caller: Caller): SignedIn {
  return beforeSuite(() => signIn(t, caller));
}
