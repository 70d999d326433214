import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR, modal, notify, picker, spacing, toast } from '@/config/theme';
import { initTheme, readThemeColor, setThemeColor } from './theme';

const rootStyle = () => document.documentElement.style;

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

  it('exposes the design tokens as CSS variables', () => {
    initTheme();
    expect(rootStyle().getPropertyValue('--xl-space-md')).toBe('12px');
    expect(rootStyle().getPropertyValue('--xl-tabbar-height')).toBe('50px');
    expect(rootStyle().getPropertyValue('--xl-header-height')).toBe('44px');
  });

  it('keeps the SPEC §9 constants', () => {
    expect(toast.duration).toBe(1500);
    expect(notify).toEqual({ duration: 2500, position: 'top' });
    expect(modal).toEqual({ cancelText: '取消', confirmText: '确定', confirmColor: '#007aff' });
    expect(picker).toEqual({ visibleRows: 5, itemHeight: 40 });
    expect(spacing).toEqual({ xs: 4, sm: 8, md: 12, lg: 16, xl: 32 });
  });
});
