/**
 * Debian's Chromium as the e2e suite and the benchmarks start it. The flags are the ones proven on this
 * machine: a browser in a container has no sandbox or GPU to use, and nothing in a test run may reach
 * the network on its own (updates, sync, QUIC probes). Playwright adds `--headless` and a fresh profile
 * itself; a caller that launches Chromium some other way adds them.
 */

/**
 * The whole browser, from Debian's `chromium` package (`scripts/ensure-browser.sh --full` installs it):
 * the benchmarks measure what a reader's browser downloads and paints, and Lighthouse expects it.
 */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The e2e suite's browser, from Debian's `chromium-headless-shell` package (`scripts/ensure-browser.sh`
 * installs it): the same Blink, V8 and Skia, built from the same source as `chromium`, without the
 * browser's own windows and services, which a headless test never shows. It renders the visual
 * comparison's screens pixel for pixel as the whole browser does, and took Chromium's share of
 * `npm test` from 370 to 180 core-seconds (renderer 174 → 87, browser process 125 → 51), the whole
 * e2e suite from 537 to 376 s.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The flags every test and benchmark run of Chromium takes. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
