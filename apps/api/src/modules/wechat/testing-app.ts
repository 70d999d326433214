/**
 * The suite's app of the WeChat tests: the 公众号 stand-in of testing.ts listening on 127.0.0.1 before
 * the suite's tests, the app configured for it (testing-flow.ts `buildWechatApp`), both closed after
 * them. Nothing here is used by the app itself.
 */
import { afterAll } from 'vitest';
import type { TestApp } from '../../../test/build.ts';
import { type TestAppOptions, useTestApp } from '../../../test/suite.ts';
import { StandInWechat } from './testing.ts';
import { buildWechatApp } from './testing-flow.ts';

/** A suite's app and the 公众号 stand-in it talks to (on the app's clock). */
export interface WechatTestApp {
  t: TestApp;
  stand: StandInWechat;
}

/**
 * The suite's app whose 公众号 is a fresh stand-in (with `appId`, when the test pays too), both
 * started before the suite's tests and closed after them; `build`, called once the stand-in listens,
 * answers what to add to the app's build.
 */
export function useWechatApp(
  options: { appId?: string; build?: () => Promise<TestAppOptions> | TestAppOptions } = {},
): WechatTestApp {
  const clock = { now: () => t.clock.now() };
  const stand = options.appId ? new StandInWechat(clock, options.appId) : new StandInWechat(clock);
  // Registered first, so that it runs after the app is closed.
  afterAll(() => stand.close());
  const t: TestApp = useTestApp(async () => {
    await stand.listen();
    return buildWechatApp(stand, await options.build?.());
  });
  return { t, stand };
}
