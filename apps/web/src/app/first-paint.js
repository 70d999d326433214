// Runs inline in index.html's <head> (vite.config.ts `firstPaint` inlines it, minified; the API's CSP
// names it by its hash), before the body is parsed and so before anything is painted. It decides what
// the first paint shows, which no module script can: those run after the page has been drawn.
//
// 1. The reader's look: appearance (following the phone's dark mode when so chosen), 长辈模式 and the
//    theme colour, read as src/lib/theme.ts stores them (its setters change them later), so the
//    server's calendar is drawn at the reader's size and colour from the start.
// 2. Whether the calendar the server rendered into #root (src/entry-server.tsx, src/app/first-view.ts)
//    is what the app will render: today in Beijing (a service worker may answer with a page rendered
//    on another day), the calendar's address, the default week start, the whole month shown, today
//    selected and no newer holiday table kept than the page's. If not, the root gets `xl-boot`: the
//    served view stays hidden, the boot skeleton shows, and the app renders the day from the engine.
// 3. The holiday table the page carries (#xl-holidays, in <head> before this script) is kept on the
//    phone when it is newer than the kept one, as src/lib/holidays.ts keeps the API's answers: the
//    app's first render then uses the table the server rendered with.
//
// Storage keys and values are those of src/config/theme.ts, src/features/calendar (week-start.ts,
// grid-mode.ts, CalendarPage.tsx) and src/lib/holidays.ts; first-paint.test.ts keeps them equal.
(() => {
  const root = document.documentElement;
  const calendar = '#/pages/index/index';
  const read = (storage, key) => {
    try {
      const raw = window[storage].getItem(key);
      return raw === null ? null : JSON.parse(raw);
    } catch {
      return null;
    }
  };

  const darkQuery = window.matchMedia?.('(prefers-color-scheme: dark)');
  const showAppearance = () => {
    const appearance = read('localStorage', 'appearance');
    const dark = appearance === 'dark' || (appearance === 'system' && !!darkQuery?.matches);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
    root.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  };
  showAppearance();
  // Following the phone (跟随系统): switch when its setting changes while the app is open.
  darkQuery?.addEventListener?.('change', showAppearance);
  if (read('localStorage', 'elder-mode') === true) root.classList.add('xl-elder');
  // The chosen colour, or the default (config/theme.ts DEFAULT_THEME_COLOR): no stylesheet declares it.
  let colour = read('localStorage', 'theme');
  if (typeof colour !== 'string' || !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour)) colour = '#672f0d';
  root.style.setProperty('--xl-theme', colour);
  root.style.setProperty('--adm-color-primary', colour);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colour);

  // The bare address opens the calendar (the router's index route would redirect there anyway).
  if (/^#?\/?$/.test(location.hash))
    history.replaceState(history.state, '', location.pathname + location.search + calendar);
  // Inline in index.html, before any module has loaded: the engine's beijingToday cannot be imported
  // here, and bundling it in would grow every page's HTML for one line.
  // biome-ignore lint/plugin/beijing-arithmetic: the one copy outside the engine, for the reason above
  const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
  let grid = read('localStorage', 'xuanli-calendar-grid');
  if (grid !== 'week' && grid !== 'month')
    grid = window.innerHeight > 0 && window.innerHeight < 700 ? 'week' : 'month';
  const picked = read('sessionStorage', 'xuanli-calendar-selected');
  const kept = read('localStorage', 'xuanli-holidays');
  const keptVersion = kept && Number.isInteger(kept.version) && Array.isArray(kept.years) ? kept.version : -1;
  const served = Number(root.getAttribute('data-holidays'));
  try {
    const table = JSON.parse(document.getElementById('xl-holidays')?.textContent || 'null');
    if (table && Number.isInteger(table.version) && Array.isArray(table.years) && table.version > keptVersion)
      localStorage.setItem('xuanli-holidays', JSON.stringify(table));
  } catch {
    // No table in the page, or no storage: the kept table (or none) stays.
  }
  const shows =
    root.getAttribute('data-day') === today &&
    location.hash === calendar &&
    read('localStorage', 'xuanli-week-start') !== 0 &&
    grid === 'month' &&
    !(picked && picked.savedOn === today && picked.date !== today) &&
    !(keptVersion > served);
  if (!shows) root.classList.add('xl-boot');
})();
