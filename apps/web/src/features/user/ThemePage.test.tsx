import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { initTheme } from '@/lib/theme';
import { renderPage } from '@/testing/app-harness';
import ThemePage from './ThemePage';
import { THEME_PRESETS } from './theme-presets';

const root = document.documentElement;
const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? 'null');

beforeEach(() => initTheme());
afterEach(() => {
  root.className = '';
  root.removeAttribute('data-theme');
});

describe('ThemePage (pages/user/theme)', () => {
  it('offers #672f0d first, chosen by default, and applies a new colour to headers and buttons at once', () => {
    renderPage(<ThemePage />, { path: paths.theme.path });
    expect(THEME_PRESETS[0]?.color).toBe('#672f0d');
    expect((screen.getByRole('radio', { name: '赭石' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: '朱砂' }));
    // Headers paint with --xl-theme, antd-mobile buttons with --adm-color-primary.
    expect(root.style.getPropertyValue('--xl-theme')).toBe('#aa0000');
    expect(root.style.getPropertyValue('--adm-color-primary')).toBe('#aa0000');
    expect(stored('theme')).toBe('#aa0000');
    expect((screen.getByRole('radio', { name: '朱砂' }) as HTMLInputElement).checked).toBe(true);
  });

  it('switches to the dark palette and back, and remembers the choice', () => {
    renderPage(<ThemePage />, { path: paths.theme.path });
    expect(root.getAttribute('data-theme')).toBe('light');
    fireEvent.click(screen.getByRole('radio', { name: '深色' }));
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(stored('appearance')).toBe('dark');
    fireEvent.click(screen.getByRole('radio', { name: '浅色' }));
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('turns 长辈模式 on through the root class, and remembers it', () => {
    renderPage(<ThemePage />, { path: paths.theme.path });
    const elder = screen.getByRole('switch', { name: '长辈模式' });
    expect(elder.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(elder);
    expect(root.classList.contains('xl-elder')).toBe(true);
    expect(stored('elder-mode')).toBe(true);
    expect(screen.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: '长辈模式' }));
    expect(root.classList.contains('xl-elder')).toBe(false);
    expect(stored('elder-mode')).toBe(false);
  });
});
