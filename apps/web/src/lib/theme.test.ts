import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  colors,
  DEFAULT_THEME_COLOR,
  FONT_FAMILY,
  fontSize,
  footer,
  header,
  MIN_TAP_SIZE,
  modal,
  motion,
  notify,
  picker,
  spacing,
  tabBar,
  toast,
} from '@/config/theme';
import {
  initTheme,
  readAppearance,
  readThemeColor,
  setAppearance,
  setElderMode,
  setThemeColor,
} from './theme';

const root = document.documentElement;
const rootStyle = () => root.style;

/** A fake `matchMedia` whose dark-mode answer the test can flip, telling the listeners. */
function fakeColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener();
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  root.className = '';
  root.removeAttribute('data-theme');
});

describe('theme', () => {
  it('uses #672f0d when nothing is stored and applies it to our and antd-mobile variables', () => {
    initTheme();
    expect(readThemeColor()).toBe(DEFAULT_THEME_COLOR);
    expect(DEFAULT_THEME_COLOR).toBe('#672f0d');
    expect(rootStyle().getPropertyValue('--xl-theme')).toBe('#672f0d');
    expect(rootStyle().getPropertyValue('--adm-color-primary')).toBe('#672f0d');
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('light');
  });

  it('persists a chosen colour under the `theme` key and restores it on the next start', () => {
    setThemeColor('#1f4e5f');
    expect(JSON.parse(window.localStorage.getItem('theme') ?? 'null')).toBe('#1f4e5f');
    document.documentElement.removeAttribute('style');
    initTheme();
    expect(rootStyle().getPropertyValue('--xl-theme')).toBe('#1f4e5f');
  });

  it('ignores an invalid stored colour and rejects an invalid new one', () => {
    window.localStorage.setItem('theme', JSON.stringify('red; background: url(x)'));
    expect(readThemeColor()).toBe(DEFAULT_THEME_COLOR);
    expect(() => setThemeColor('javascript:1')).toThrow();
  });

  it('starts light (PRODUCT.md#appearance), and restores a saved dark appearance before the first render', () => {
    fakeColorScheme(true);
    initTheme();
    expect(readAppearance()).toBe('light');
    expect(root.getAttribute('data-theme')).toBe('light');
    window.localStorage.setItem('appearance', JSON.stringify('dark'));
    initTheme();
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
  });

  it('follows the phone when set to 跟随系统, also when the phone changes while the app is open', () => {
    const setPhoneDark = fakeColorScheme(false);
    initTheme();
    setAppearance('system');
    expect(root.getAttribute('data-theme')).toBe('light');
    setPhoneDark(true);
    expect(root.getAttribute('data-theme')).toBe('dark');
    setAppearance('light');
    setPhoneDark(false);
    setPhoneDark(true);
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('restores 长辈模式 as the root class xl-elder', () => {
    initTheme();
    expect(root.classList.contains('xl-elder')).toBe(false);
    setElderMode(true);
    root.className = '';
    initTheme();
    expect(root.classList.contains('xl-elder')).toBe(true);
  });

  it('declares in global.css every design token of config/theme.ts, a dark palette and the 长辈模式 sizes', () => {
    const px = (n: number) => `${n}px`;
    const expected: Record<string, string> = {
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
      '--xl-paper': colors.paper,
      '--xl-surface': colors.surface,
      '--xl-text': colors.text,
      '--xl-text-secondary': colors.textSecondary,
      '--xl-border': colors.border,
      '--xl-confirm': colors.confirm,
    };
    // Vitest runs in apps/web (css: false, so the stylesheet is read as a file).
    const css = readFileSync(resolve(process.cwd(), 'src/app/global.css'), 'utf8');
    const block = (selector: string) => {
      const start = css.indexOf(`${selector} {`);
      return start === -1 ? '' : css.slice(start, css.indexOf('}', start));
    };
    // One declaration's value, whitespace collapsed and quotes made single (the formatter prefers double).
    const value = (text: string, name: string) =>
      new RegExp(`${name}:\\s*([^;]+);`).exec(text)?.[1]?.replace(/\s+/g, ' ').trim().replaceAll('"', "'");
    const light = block(':root');
    for (const [name, expectedValue] of Object.entries(expected))
      expect(value(light, name), name).toBe(expectedValue);

    const dark = block(':root[data-theme="dark"]');
    for (const name of ['--xl-paper', '--xl-surface', '--xl-text', '--xl-text-secondary', '--xl-border'])
      expect(value(dark, name), name).toMatch(/^#[0-9a-f]{6}$/);
    // MIIT 适老化: main text at least 18 px, tab labels 13–14 px, tap targets at least 48 px.
    const elder = block(':root.xl-elder');
    expect(Number.parseInt(value(elder, '--xl-font-body') ?? '0', 10)).toBeGreaterThanOrEqual(18);
    expect(Number.parseInt(value(elder, '--xl-tabbar-font') ?? '0', 10)).toBeGreaterThanOrEqual(13);
    expect(Number.parseInt(value(elder, '--xl-tap') ?? '0', 10)).toBeGreaterThanOrEqual(48);
  });

  it('keeps the figures of PRODUCT.md#constants', () => {
    expect(toast.duration).toBe(1500);
    expect(notify).toEqual({ duration: 2500, position: 'top' });
    expect(modal).toEqual({ cancelText: '取消', confirmText: '确定', confirmColor: '#007aff' });
    expect(picker).toEqual({ visibleRows: 5, itemHeight: 40 });
    expect(spacing).toEqual({ xs: 4, sm: 8, md: 12, lg: 16, xl: 32 });
  });
});
