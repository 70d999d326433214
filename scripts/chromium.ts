/**
 * Debian's Chromium as the e2e suite and the benchmarks start it. The flags are the ones proven on this
 * machine: a browser in a container has no sandbox or GPU to use, and nothing in a test run may reach
 * the network on its own (updates, sync, QUIC probes). Playwright adds `--headless` and a fresh profile
 * itself; a caller that launches Chromium some other way adds them.
 */

/** Where Debian's `chromium` package puts the browser (scripts/ensure-browser.sh installs it). */
export const CHROMIUM = '/usr/bin/chromium';

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
