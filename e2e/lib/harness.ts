/**
 * What a test receives (the `t` fixture of lib/fixtures.ts) and the few helpers the tests share: the
 * phone's sizes, the app's header and tab bar, gestures and the layout probes. What a test expects of
 * the page is in lib/expect.ts.
 */
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { assert } from './expect.ts';

/** The phone the app is designed for (the layout is designed at 375×812 first). */
export const VIEWPORT = { width: 375, height: 812 } as const;

/** The operators' console's design size: a laptop's browser window. */
export const DESKTOP = { width: 1440, height: 900 } as const;

/** The smallest phone it must still work on (iPhone SE 1st generation, small Android phones). */
export const NARROW_VIEWPORT = { width: 320, height: 568 } as const;

/** The instant every test runs at, so "today" is known: Saturday 2024-02-10 12:00 Beijing, 春节. */
export const FIXED_NOW = new Date('2024-02-10T12:00:00+08:00');

/**
 * Router paths of the six tabs with their labels and header titles, in tab-bar order (PRODUCT.md#screens).
 */
export const TABS = [
  { slug: 'calendar', label: '日历', title: '中华玄历', route: '/pages/index/index' },
  { slug: 'suan', label: '排盘', title: '排盘', route: '/pages/suan/index' },
  { slug: 'dingzhi', label: '定制', title: '私人定制', route: '/pages/dingzhi/index' },
  { slug: 'ketang', label: '课堂', title: '在线课堂', route: '/pages/ketang/index' },
  { slug: 'shop', label: '商城', title: '官方商城', route: '/pages/index/shop' },
  { slug: 'user', label: '我的', title: '用户中心', route: '/pages/user/index' },
] as const;

export interface TestContext {
  page: Page;
  context: BrowserContext;
  /** The SPA's address, e.g. `http://127.0.0.1:41234/xuanli/`. */
  appURL: string;
  /** Opens a hash route such as `/pages/index/day?date=2024-02-10` and waits for its header. */
  open(route: string): Promise<void>;
  /** Saves a PNG of the window (or the full page) to e2e/screenshots/NAME.png, for people to look at. */
  screenshot(name: string, options?: { fullPage?: boolean }): Promise<string>;
  /** For tests that provoke errors on purpose (the reload-on-error view). */
  allowPageErrors(): void;
  /** For tests of a server that is away on purpose (a restarting server answers 503 until it is ready). */
  allowServerErrors(): void;
  /** The running API server: its data folder (SMS outbox) and environment (for `npm run admin`). */
  server: { origin: string; dataDir: string; env: NodeJS.ProcessEnv };
}

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page header's title (the `h1`). */
export function headerTitle(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** The bottom tab bar. */
export function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: '主导航' });
}

/**
 * Waits for the element's slide/fade animations to end, as a reader lets the previous month finish
 * sliding in before swiping again; mid-slide the box is shifted by its transform and a finger aimed
 * at it would land beside the screen.
 */
export async function settle(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        // An endless animation (a spinner) never finishes; only transitions are worth waiting for.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * A real horizontal swipe through Chromium's touch input (CDP), so the app sees trusted touchstart /
 * touchmove / touchend events exactly as from a finger, not synthetic DOM events.
 */
export async function swipe(page: Page, locator: Locator, direction: 'left' | 'right'): Promise<void> {
  await settle(locator);
  const box = await locator.boundingBox();
  assert(box, 'swipe target has no box');
  const y = box.y + box.height / 2;
  const left = Math.max(box.x, 0) + 0.15 * Math.min(box.width, VIEWPORT.width);
  const right = Math.min(box.x + box.width, VIEWPORT.width) - 0.15 * Math.min(box.width, VIEWPORT.width);
  const [fromX, toX] = direction === 'left' ? [right, left] : [left, right];
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    const steps = 8;
    for (let i = 1; i <= steps; i++) {
      const x = fromX + ((toX - fromX) * i) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      await sleep(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Visible text set below 12 px, outside the tab bar (whose 10 px labels PRODUCT.md#screens sets). */
export function smallTextOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      if (element.closest('nav[aria-label="主导航"]')) continue;
      if (element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const size = Number.parseFloat(style.fontSize);
      if (size < 12) {
        found.push(
          `"${text.slice(0, 16)}" ${size}px in <${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`,
        );
      }
    }
    return found;
  });
}

/**
 * Elements sticking out past the right edge of the viewport, for an overflow failure message. Two
 * kinds inside a box that fits the screen are no culprits, since the page itself stays put: a row made
 * to scroll sideways (the shop's category capsules, `overflow-x: auto`), whose far end is reached by
 * swiping the row, and what a clipping box hides wholly until swiped in (a cart line's 删除 behind
 * its right edge). Content a clipping box cuts through still counts: a reader would see it cut off.
 */
export function overflowOn(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    const keptInside = (element: Element, rect: DOMRect) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const sideways = getComputedStyle(box).overflowX;
        if (sideways === 'visible') continue;
        const edge = box.getBoundingClientRect().right;
        if (edge > width + 0.5) return false;
        if (sideways === 'auto' || sideways === 'scroll' || rect.left >= edge - 0.5) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 0.5 && culprits.length < 8 && !keptInside(element, rect)) {
        culprits.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> right=${Math.round(rect.right)}`,
        );
      }
    }
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, culprits };
  });
}

/**
 * The fonts Chromium actually drew a node's text with (CDP CSS.getPlatformFontsForNode). Without
 * fonts-noto-cjk installed Chinese text falls back to boxes, which no DOM query can see.
 */
export async function platformFontsOf(
  page: Page,
  selector: string,
): Promise<{ familyName: string; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    assert(nodeId, `no element matches ${selector}`);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => ({ familyName: font.familyName, glyphCount: font.glyphCount }));
  } finally {
    await cdp.detach();
  }
}

/**
 * Words drawn across two lines inside the elements `locator` matches. A word is a run of text without
 * white space, <br> or <wbr> inside one element (2024年2月, 查日期, 冲马(戊午), 金堂): each character's line box is
 * read with Range.getClientRects, and every character of a word must sit on the line of its first.
 * Returns one description per broken word, e.g. `"2024年2月" in <button class="…">`.
 */
export function brokenWords(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((roots) => {
    const broken: string[] = [];
    const range = document.createRange();
    type Char = { node: Text; index: number };

    const checkWord = (word: Char[]) => {
      let first: { middle: number; height: number } | null = null;
      for (const { node, index } of word) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0);
        // Not drawn (display: none, collapsed): nothing a reader could see broken.
        if (!rect) continue;
        const middle = rect.top + rect.height / 2;
        if (!first) {
          first = { middle, height: rect.height };
        } else if (Math.abs(middle - first.middle) > first.height / 2) {
          const element = word[0].node.parentElement;
          const text = word.map((c) => c.node.data[c.index]).join('');
          broken.push(
            `"${text}" in <${element?.tagName.toLowerCase()} class="${element?.getAttribute('class') ?? ''}">`,
          );
          return;
        }
      }
    };

    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      let word: Char[] = [];
      let parent: Element | null = null;
      const endWord = () => {
        if (word.length > 1) checkWord(word);
        word = [];
      };
      for (let next = walker.nextNode(); next; next = walker.nextNode()) {
        // <br> ends a word; <wbr> marks a break between two words written together (正月<wbr>初一).
        if (next.nodeType !== Node.TEXT_NODE) {
          if (next.nodeName === 'WBR' || next.nodeName === 'BR') endWord();
          continue;
        }
        const node = next as Text;
        // Adjacent text nodes of one element ({month}{day} in React) continue a word; an element
        // boundary ends it (each <li> of 宜/忌 is its own word).
        if (node.parentElement !== parent) {
          endWord();
          parent = node.parentElement;
        }
        for (let index = 0; index < node.data.length; index++) {
          if (/\s/.test(node.data[index])) endWord();
          else word.push({ node, index });
        }
      }
      endWord();
    }
    return [...new Set(broken)];
  });
}

/** The smallest comfortable tap target edge (MIIT 适老化 and platform guidance; PRODUCT.md#appearance). */
export const MIN_TAP = 44;

/**
 * Visible controls (links, buttons, form fields, switches, tabs) whose box is under 44×44 px. A native
 * radio or checkbox drawn invisibly over its label counts with the label's box, which is what a finger
 * hits. Picker wheel options are left out: PRODUCT.md#constants fixes their rows at 40 px, and a wheel is
 * turned, not tapped.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"], [role="checkbox"], [role="radio"], [role="link"]';
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[role="option"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.getClientRects().length === 0) continue;
      const target = element instanceof HTMLInputElement ? (element.closest('label') ?? element) : element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (element.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 20);
        found.push(
          `<${element.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, MIN_TAP);
}

/**
 * Where the locator's box is relative to what a reader sees without scrolling: `visible` when it lies
 * wholly between the top of the screen and the top of the tab bar (or the screen's bottom).
 */
export function inFirstScreen(locator: Locator): Promise<{ visible: boolean; box: string }> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const bar = document.querySelector('nav[aria-label="主导航"]');
    const bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    return {
      visible: box.height > 0 && box.top >= 0 && box.bottom <= bottom + 0.5,
      box: `top=${Math.round(box.top)} bottom=${Math.round(box.bottom)} (visible area ends at ${Math.round(bottom)})`,
    };
  });
}
