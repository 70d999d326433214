/**
 * The look of the app at run time (PRODUCT.md#appearance: dark mode off by default): the theme colour,
 * light / dark / follow-system appearance and 长辈模式. The design tokens of src/config/theme.ts are
 * declared as CSS custom properties in src/app/global.css — the light and dark palettes, the sizes, and
 * the larger sizes of 长辈模式 under the root class `xl-elder` — so nothing but the choices is set from
 * script. The page's inline first-paint script (src/app/first-paint.js) applies the saved settings
 * before the first paint, as `initTheme` does; the 主题设置 page changes them through the setters here.
 *
 * This module ships with every route (the calendar included), so it stays small.
 */
import {
  APPEARANCE_STORAGE_KEY,
  DEFAULT_THEME_COLOR,
  ELDER_MODE_STORAGE_KEY,
  THEME_STORAGE_KEY,
} from '@/config/theme';
import { readStorage, writeStorage } from '@/lib/storage';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whether `color` is a `#rgb` or `#rrggbb` colour. */
function isHexColor(color: string): boolean {
  return HEX_COLOR.test(color);
}

/** The saved theme colour, or the default when none (or an invalid one) is stored. */
export function readThemeColor(): string {
  const stored = readStorage<unknown>(THEME_STORAGE_KEY, DEFAULT_THEME_COLOR);
  return typeof stored === 'string' && isHexColor(stored) ? stored : DEFAULT_THEME_COLOR;
}

/**
 * Puts the theme colour into CSS custom properties: `--xl-theme` for our own styles and
 * `--adm-color-primary` so antd-mobile buttons, pickers and switches follow it. Also tints the
 * browser chrome through `<meta name="theme-color">`.
 */
function applyThemeColor(color: string, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--xl-theme', color);
  root.style.setProperty('--adm-color-primary', color);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
}

/** Saves and applies a new theme colour. Throws on a value that is not `#rgb` / `#rrggbb`. */
export function setThemeColor(color: string): void {
  if (!isHexColor(color)) throw new Error(`不是有效的颜色：${color}`);
  writeStorage(THEME_STORAGE_KEY, color);
  applyThemeColor(color);
}

/** Light, dark, or whatever the phone is set to. */
export type Appearance = 'light' | 'dark' | 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The saved appearance; light unless another was chosen (PRODUCT.md#appearance: dark mode is off by default).
 */
export function readAppearance(): Appearance {
  const stored = readStorage<unknown>(APPEARANCE_STORAGE_KEY, 'light');
  return stored === 'dark' || stored === 'system' ? stored : 'light';
}

/**
 * Shows `appearance`: `data-theme` picks our palette in global.css and `data-prefers-color-scheme`
 * antd-mobile's; `system` follows the phone's dark-mode setting.
 */
function applyAppearance(appearance: Appearance, root: HTMLElement = document.documentElement): void {
  const dark =
    appearance === 'dark' || (appearance === 'system' && !!window.matchMedia?.(DARK_QUERY).matches);
  const scheme = dark ? 'dark' : 'light';
  root.setAttribute('data-theme', scheme);
  root.setAttribute('data-prefers-color-scheme', scheme);
}

/** Saves and shows a new appearance. */
export function setAppearance(appearance: Appearance): void {
  writeStorage(APPEARANCE_STORAGE_KEY, appearance);
  applyAppearance(appearance);
}

/** Whether 长辈模式 (larger text and tap targets) is on. */
export function readElderMode(): boolean {
  return readStorage<unknown>(ELDER_MODE_STORAGE_KEY, false) === true;
}

/** Saves and applies 长辈模式: the root class `xl-elder` switches global.css to the larger tokens. */
export function setElderMode(on: boolean, root: HTMLElement = document.documentElement): void {
  writeStorage(ELDER_MODE_STORAGE_KEY, on);
  root.classList.toggle('xl-elder', on);
}

/** Applies the saved colour, appearance and 长辈模式 at start-up, before the first render. */
export function initTheme(root: HTMLElement = document.documentElement): void {
  applyAppearance(readAppearance(), root);
  // Following the phone: switch when its setting changes while the app is open.
  window.matchMedia?.(DARK_QUERY).addEventListener?.('change', () => applyAppearance(readAppearance(), root));
  root.classList.toggle('xl-elder', readElderMode());
  applyThemeColor(readThemeColor(), root);
}
