/**
 * The installable app, offline (issue: "The almanac and the chart work offline as an installable
 * app"). A reader opens the app once with the network on; the service worker installs and takes over.
 * Then the network is cut: the month grid turns, a 老黄历 day never opened before shows in full, the app
 * reopens from scratch (a reload, as from the home-screen icon), and a new 八字 chart is drawn in the
 * browser by the same engine, marked 离线计算, while readings and 合盘 say they need the network.
 *
 * Also checked: the web manifest (the fields an installed app needs, PNG icons of the declared sizes),
 * the worker's scope and headers, Chromium's own installability verdict (CDP), that nothing under
 * /api is ever kept by the worker, that a new deploy is offered with 有新版本，点击刷新, and that the
 * shell the worker keeps — a page with the server's calendar of the day it was fetched — never shows
 * that day on another one.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { assert, eventually, expectHash, expectText, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle, type TestContext, tabBar } from '../lib/harness.ts';
import {
  beijingDate,
  expectServedCardHydrated,
  parsedState,
  phoneOnServerTime,
  recordParsedState,
  servedCardHydrated,
  serverDay,
  solarLine,
} from '../lib/server-day.ts';

/** The web manifest fields the app promises (vite.config.ts). */
interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  lang?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

/** Width and height from a PNG's IHDR chunk, or null when `bytes` is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Reads and checks the manifest the page links to; returns it. */
async function checkManifest(t: TestContext): Promise<WebManifest> {
  const href = await t.page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
  );
  assert(href, 'index.html should link a web manifest');
  const response = await t.context.request.get(href);
  assert(response.ok(), `manifest: HTTP ${response.status()}`);
  const manifest = (await response.json()) as WebManifest;
  const app = new URL(t.appURL);
  const expected: Partial<WebManifest> = {
    name: '玄历',
    short_name: '玄历',
    display: 'standalone',
    theme_color: '#672f0d',
    lang: 'zh-CN',
    scope: app.pathname,
    start_url: `${app.pathname}#/pages/index/index`,
  };
  for (const [key, value] of Object.entries(expected)) {
    const actual = manifest[key as keyof WebManifest];
    assert(actual === value, `manifest ${key}: expected ${value}, got ${JSON.stringify(actual)}`);
  }
  assert(/^#[0-9a-f]{6}$/i.test(manifest.background_color ?? ''), 'manifest background_color');

  const icons = manifest.icons ?? [];
  for (const size of ['192x192', '512x512']) {
    assert(
      icons.some((i) => i.sizes === size && i.type === 'image/png' && (i.purpose ?? 'any').includes('any')),
      `manifest: no ${size} PNG icon`,
    );
  }
  assert(
    icons.some((i) => i.purpose?.includes('maskable')),
    'manifest: no maskable icon',
  );
  for (const icon of icons) {
    const url = new URL(icon.src, href).href;
    const answer = await t.context.request.get(url);
    assert(answer.ok(), `icon ${icon.src}: HTTP ${answer.status()}`);
    assert(
      answer.headers()['content-type']?.startsWith('image/png'),
      `icon ${icon.src}: content-type ${answer.headers()['content-type']}`,
    );
    const body = await answer.body();
    const size = pngSize(body);
    assert(size, `icon ${icon.src} is not a PNG`);
    assert(
      `${size.width}x${size.height}` === icon.sizes,
      `icon ${icon.src}: declared ${icon.sizes}, is ${size.width}x${size.height}`,
    );
    assert(body.length < 32 * 1024, `icon ${icon.src} is ${body.length} bytes; keep icons small`);
  }
  return manifest;
}

/**
 * Waits until a service worker is active for the page's scope and controls the page (the first one
 * claims the page that installed it; a reload is the fallback). Returns the worker's scope.
 */
async function waitForServiceWorker(t: TestContext): Promise<string> {
  const scope = await t.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  const controlled = () => t.page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await eventually('the service worker controls the page', controlled, Boolean, 10_000);
  } catch {
    await t.page.reload();
    await eventually('the service worker controls the page after a reload', controlled, Boolean);
  }
  return scope;
}

/** Every URL the worker's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

function form(page: Page): Locator {
  return page.getByRole('form', { name: '出生资料' });
}

function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Fills the birth form as a reader does (08-bazi's `fillForm`, reduced to what this test needs). */
async function fillForm(
  page: Page,
  birth: {
    name: string;
    sex: '男' | '女';
    calendar: '公历' | '农历';
    ymd: [string, string, string];
    hm: [string, string];
  },
): Promise<void> {
  const f = form(page);
  await expectVisible(f, 'the birth form');
  await f.getByRole('textbox', { name: '姓名' }).fill(birth.name);
  await f.getByText(birth.sex === '男' ? '乾造（男）' : '坤造（女）', { exact: true }).tap();
  await f.getByText(birth.calendar, { exact: true }).tap();
  const pick = (label: string, value: string) =>
    f.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  await pick('年', birth.ymd[0]);
  await pick('月', birth.ymd[1]);
  await pick('日', birth.ymd[2]);
  await pick('时', birth.hm[0]);
  await pick('分', birth.hm[1]);
}

/** The stems and branches of the 四柱 table, e.g. '己辛丙乙|未未午未'. */
async function pillars(page: Page): Promise<string> {
  const row = (label: string) =>
    page
      .getByRole('table', { name: '四柱' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell')
      .allInnerTexts();
  const [stems, branches] = await Promise.all([row('天干'), row('地支')]);
  return `${stems.map((s) => s.trim()).join('')}|${branches.map((b) => b.trim()).join('')}`;
}

test('installableAndWorksOfflineAfterOneVisit', async ({ t }) => {
  const { page } = t;
  // What the page itself downloads; the worker's precache downloads are not page requests.
  const pageRequests: string[] = [];
  page.on('request', (request) => pageRequests.push(request.url()));

  // ── Online, the first visit ─────────────────────────────────────────────────────────────────────
  await t.open('/pages/index/index');
  await checkManifest(t);

  const swResponse = await t.context.request.get(new URL('sw.js', t.appURL).href);
  assert(swResponse.ok(), `sw.js: HTTP ${swResponse.status()}`);
  assert(
    /javascript/.test(swResponse.headers()['content-type'] ?? ''),
    `sw.js content-type: ${swResponse.headers()['content-type']}`,
  );
  const scope = await waitForServiceWorker(t);
  assert(scope === t.appURL, `the worker's scope should be ${t.appURL}, got ${scope}`);

  // Chromium's own verdict on installability (what decides the install prompt).
  const cdp = await t.context.newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are off-the-record profiles, where Chromium never offers to install
    // (`in-incognito`); every other reason would be the app's.
    const errorIds = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    assert(errorIds.length === 0, `not installable: ${errorIds.join(', ')}`);
    const { errors } = await cdp.send('Page.getAppManifest');
    assert(errors.length === 0, `manifest errors: ${errors.map((e) => e.message).join('; ')}`);
  } finally {
    await cdp.detach();
  }

  // A chart drawn by the server, so that /api has been used before the network goes.
  await tabBar(page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(page, '#/pages/suan/index');
  const online = page.waitForResponse((r) =>
    /\/api\/app\/bln\.suan\/bzdata$/i.test(new URL(r.url()).pathname),
  );
  await fillForm(page, {
    name: '张三',
    sex: '男',
    calendar: '公历',
    ymd: ['1990', '5', '10'],
    hm: ['8', '0'],
  });
  await form(page).getByRole('button', { name: '开始排盘' }).tap();
  assert((await online).status() === 200, 'bzdata should answer online');
  await expectText(card(page, '命主').getByRole('heading', { level: 2 }), '张三', 'the online chart');
  assert(
    (await card(page, '命主').getByText('离线计算').count()) === 0,
    'an online chart is not marked 离线计算',
  );
  await expectVisible(card(page, '命理解读').locator('details summary').first(), 'readings online');

  // Nothing under /api is kept by the worker: no reader can be shown another session's answers.
  const cached = await cachedUrls(page);
  assert(cached.length > 0, 'the worker precached nothing');
  const apiCached = cached.filter((url) => new URL(url).pathname.startsWith('/api/'));
  assert(apiCached.length === 0, `API answers in the worker's caches: ${apiCached.join(', ')}`);
  for (const chunk of ['CalendarPage', 'AlmanacDayPage', 'BaziPage']) {
    assert(
      cached.some((url) => new RegExp(`/assets/${chunk}-[^/]+\\.js`).test(url)),
      `${chunk} is not precached`,
    );
  }
  assert(
    !pageRequests.some((url) => /\/assets\/AlmanacDayPage-/.test(url)),
    '老黄历 was loaded by the page online; the test must prove the precache serves it',
  );

  // ── Offline ───────────────────────────────────────────────────────────────────────────────────
  await t.context.setOffline(true);
  const apiOffline = await page.evaluate(() =>
    fetch('/api/health').then(
      (r) => `HTTP ${r.status}`,
      () => 'failed',
    ),
  );
  assert(apiOffline === 'failed', `/api must not be answered offline (got ${apiOffline})`);

  // The month grid turns.
  await tabBar(page).getByRole('link', { name: '日历' }).tap();
  await expectText(headerTitle(page), '中华玄历', 'the calendar offline');
  const monthTitle = page.getByRole('button', { name: /选择年月/ });
  await expectText(monthTitle, '2024年2月', 'the month of today, offline');
  await page.getByRole('button', { name: '下个月' }).tap();
  await expectText(monthTitle, '2024年3月', 'after 下个月, offline');
  await page.getByRole('list', { name: '2024年3月', exact: true }).waitFor({ state: 'visible' });

  // A 老黄历 day never opened before: 2024-03-15, 农历二月初六.
  await page
    .getByRole('list', { name: '2024年3月', exact: true })
    .getByRole('button', { name: /^3月15日 / })
    .tap();
  await page
    .getByRole('region', { name: '当日信息' })
    .getByRole('link', { name: /查看老黄历/ })
    .tap();
  await expectHash(page, '#/pages/index/day?date=2024-03-15');
  await expectText(headerTitle(page), '老黄历', '老黄历 offline');
  await expectText(
    page.getByRole('region', { name: '日期' }).getByRole('heading', { level: 2 }),
    '2024年3月15日 星期五',
    '老黄历 date line offline',
  );
  await expectVisible(page.getByText('二月初六', { exact: true }), 'lunar date offline');
  await expectVisible(page.getByText('建除十二神', { exact: true }), '建除 row offline');
  assert((await page.getByRole('button', { name: /页面加载失败/ }).count()) === 0, 'no load error offline');
  await t.screenshot('offline-almanac-day-2024-03-15');

  // The app reopens from nothing, as from the home-screen icon: the worker answers the navigation.
  await page.goto('about:blank');
  await page.goto(`${t.appURL}#/pages/index/index`);
  await expectText(headerTitle(page), '中华玄历', 'the app reopened offline');
  // (It reopens on the day last picked, 2024-03-15.)
  await expectText(monthTitle, '2024年3月', 'the month grid after reopening offline');
  await page.getByRole('list', { name: '2024年3月', exact: true }).waitFor({ state: 'visible' });

  // A new chart, drawn in the browser: 李四, 农历 1979 闰六月十五 14:30.
  await tabBar(page).getByRole('link', { name: '排盘' }).tap();
  await expectHash(page, '#/pages/suan/index');
  // The saved 张三 opens first, now computed here too.
  await expectText(card(page, '命主').getByRole('heading', { level: 2 }), '张三', 'the saved chart offline');
  await card(page, '命主').getByRole('button', { name: '新建' }).tap();
  await fillForm(page, {
    name: '李四',
    sex: '女',
    calendar: '农历',
    ymd: ['1979', '6L', '15'],
    hm: ['14', '30'],
  });
  await form(page).getByRole('button', { name: '开始排盘' }).tap();
  const summary = card(page, '命主');
  await expectText(summary.getByRole('heading', { level: 2 }), '李四', 'the new chart offline');
  await expectVisible(summary.getByText('离线计算', { exact: true }), 'the 离线计算 notice');
  await expectVisible(
    summary.getByText(/农历 一九七九年闰六月十五 未时/),
    'lunar leap-month birth line offline',
  );
  const drawn = await pillars(page);
  assert(drawn === '己辛丙乙|未未午未', `李四's pillars offline: ${drawn}`);
  await expectVisible(card(page, '大运流年').getByRole('list', { name: '大运' }), '大运 offline');

  // What needs the server says so.
  await expectText(card(page, '命理解读'), /需要联网/, 'readings offline');
  await expectText(card(page, '合盘'), /需要联网/, '合盘 offline');

  await page.evaluate(() => window.scrollTo(0, 0));
  await t.screenshot('offline-bazi-chart');
  await card(page, '命理解读').scrollIntoViewIfNeeded();
  await t.screenshot('offline-bazi-readings');
});

/** The build the server serves: global setup copies apps/web/dist here before starting it. */
const SERVED_DIST = join(import.meta.dirname, '..', '.tmp', 'dist');

test('aNewDeployIsOfferedAndTakesOverOnATap', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/index/index');
  await waitForServiceWorker(t);
  assert(
    (await page.getByRole('button', { name: '有新版本，点击刷新' }).count()) === 0,
    'no update banner on the first visit',
  );

  // "Deploy" a new build: a changed sw.js (its compressed copies removed, so the server sends this one).
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => join(SERVED_DIST, name));
  const originals = files.map((file) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  });
  try {
    writeFileSync(files[0], `${originals[0]?.toString('utf8') ?? ''}\n// e2e: the next build\n`);
    for (const file of files.slice(1)) rmSync(file, { force: true });

    // What the app does every hour while open (and the browser on every start): look for a new sw.js.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const banner = page.getByRole('button', { name: '有新版本，点击刷新' });
    await expectVisible(banner, 'the update banner once the new build is installed');
    await t.screenshot('update-prompt');

    // The tap activates the waiting build and reloads the page once it has taken over.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    await banner.tap();
    await eventually(
      'the page reloaded under the new worker',
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            reloaded: !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate,
            controlled: navigator.serviceWorker.controller !== null,
            waiting: registration?.waiting !== null,
          };
        }),
      (state) => state.reloaded && state.controlled && !state.waiting,
    );
    await expectText(headerTitle(page), '中华玄历', 'the calendar after the update');
    assert(
      (await page.getByRole('button', { name: '有新版本，点击刷新' }).count()) === 0,
      'the banner is gone after the update',
    );
  } finally {
    files.forEach((file, i) => {
      const original = originals[i];
      if (original) writeFileSync(file, original);
    });
  }
});

/** The text of the shell the worker answers navigations with (its precached index.html). */
function keptShell(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const kept = await caches.match('/xuanli/index.html', { ignoreSearch: true });
    return kept ? kept.text() : null;
  });
}

/**
 * The worker's shell carries the calendar of the day it was fetched. On the next day — offline, the
 * shell straight from the worker — the page is parsed with that old day hidden before anything is
 * painted (the first-paint script's xl-boot), and the app draws the new day from the engine.
 */
test('aCachedShellFromAnotherDayShowsToday', async ({ t }) => {
  const { page } = t;
  await phoneOnServerTime(t);
  await page.goto(t.appURL);
  await waitForServiceWorker(t);
  const today = await serverDay(t);
  const shell = await keptShell(page);
  assert(shell?.includes(`data-day="${today.date}"`), `the kept shell is not of ${today.date}`);

  // The phone's clock moves to tomorrow; the card it should show, as the server computes it.
  const tomorrow = await serverDay(t, beijingDate(1));
  await phoneOnServerTime(t, 86_400_000);
  await t.context.setOffline(true);
  await recordParsedState(page);
  await page.goto(t.appURL);
  const parsed = await parsedState(page);
  assert(parsed.servedDay === today.date, `the worker answered with a page of ${parsed.servedDay}`);
  assert(parsed.boot && !parsed.rootShown, `yesterday's calendar was not hidden: ${JSON.stringify(parsed)}`);
  const card = page.getByRole('region', { name: '当日信息' });
  await expectText(card.getByRole('heading', { level: 2 }), solarLine(tomorrow), "tomorrow's card, offline");
  await expectVisible(
    card.getByText(`农历${tomorrow.lunar.monthName}${tomorrow.lunar.dayName}`),
    "tomorrow's lunar date",
  );
  const { same } = await servedCardHydrated(page);
  assert(!same, 'the served card of yesterday stayed in place');
  assert(
    !(await page.evaluate(() => document.documentElement.classList.contains('xl-boot'))),
    'the boot skeleton did not give way to the app',
  );
  await t.screenshot('offline-next-day-from-cached-shell');
});

/**
 * A kept shell of another day is replaced by the server's page of today when the app is opened online:
 * the worker answers at once with the old one (hidden, the app draws today), fetches today's page of
 * the same build meanwhile, and the next start shows the server's calendar of today, hydrated.
 */
test('theWorkerKeepsTodaysShell', async ({ t }) => {
  const { page } = t;
  await phoneOnServerTime(t);
  await page.goto(t.appURL);
  await waitForServiceWorker(t);
  const today = await serverDay(t);
  // The kept shell as if fetched on another day.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname !== '/xuanli/index.html') continue;
        const kept = await cache.match(request);
        if (!kept) continue;
        const old = (await kept.text()).replace(/data-day="[^"]*"/, 'data-day="2000-01-01"');
        await cache.put(request, new Response(old, { headers: kept.headers }));
      }
    }
  });
  await recordParsedState(page);
  await page.goto(t.appURL);
  const first = await parsedState(page);
  assert(first.servedDay === '2000-01-01' && first.boot, `the old shell: ${JSON.stringify(first)}`);
  await expectText(
    page.getByRole('region', { name: '当日信息' }).getByRole('heading', { level: 2 }),
    solarLine(today),
    "today's card over the old shell",
  );
  await eventually(
    "the worker kept today's page",
    async () => /data-day="([^"]*)"/.exec((await keptShell(page)) ?? '')?.[1] ?? null,
    (day) => day === today.date,
  );
  await page.goto('about:blank');
  await page.goto(t.appURL);
  const second = await parsedState(page);
  assert(second.servedDay === today.date && !second.boot, `the next start: ${JSON.stringify(second)}`);
  await expectServedCardHydrated(page);
});
