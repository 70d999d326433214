import {
  colors,
  DEFAULT_THEME_COLOR,
  FONT_FAMILY,
  fontSize,
  footer,
  header,
  MIN_TAP_SIZE,
  motion,
  picker,
  spacing,
  THEME_STORAGE_KEY,
  tabBar,
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

/**
 * The design tokens of `src/config/theme.ts` as CSS custom properties, so stylesheets use the very
 * same numbers as TypeScript (e.g. `var(--xl-space-md)`, `var(--xl-tabbar-height)`).
 */
function themeCssVariables(): Record<string, string> {
  const px = (n: number) => `${n}px`;
  return {
    '--xl-paper': colors.paper,
    '--xl-surface': colors.surface,
    '--xl-text': colors.text,
    '--xl-text-secondary': colors.textSecondary,
    '--xl-border': colors.border,
    '--xl-confirm': colors.confirm,
    '--xl-font-family': FONT_FAMILY,
    '--xl-font-min': px(fontSize.min),
    '--xl-font-small': px(fontSize.small),
    '--xl-font-body': px(fontSize.body),
    '--xl-font-title': px(fontSize.title),
    '--xl-font-large': px(fontSize.large),
    '--xl-space-xs': px(spacing.xs),
    '--xl-space-sm': px(spacing.sm),
    '--xl-space-md': px(spacing.md),
    '--xl-space-lg': px(spacing.lg),
    '--xl-space-xl': px(spacing.xl),
    '--xl-tap': px(MIN_TAP_SIZE),
    '--xl-header-height': px(header.height),
    '--xl-footer-height': px(footer.height),
    '--xl-tabbar-height': px(tabBar.height),
    '--xl-tabbar-icon': px(tabBar.iconSize),
    '--xl-tabbar-font': px(tabBar.fontSize),
    '--xl-tabbar-color': tabBar.color,
    '--xl-tabbar-selected': tabBar.selectedColor,
    '--xl-transition': `${motion.transition}ms`,
    '--xl-picker-item-height': px(picker.itemHeight),
    // antd-mobile reads these; its default body size (13 px) is too small for our readers.
    '--adm-font-size-main': px(fontSize.body),
    '--adm-font-family': FONT_FAMILY,
  };
}

/** Applies the design tokens and the saved theme colour at start-up, before the first render. */
export function initTheme(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables())) root.style.setProperty(name, value);
  // Dark mode is off by default (SPEC §1): pin antd-mobile's light tokens.
  root.setAttribute('data-prefers-color-scheme', 'light');
  applyThemeColor(readThemeColor(), root);
}
