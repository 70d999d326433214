import { describe, expect, it } from 'vitest';
import { isExternalUrl, normalizeTarget, resolveBack, resolveNavigation, webviewHref } from './navigation';

describe('normalizeTarget', () => {
  it('accepts page paths with or without a leading slash or hash', () => {
    expect(normalizeTarget('pages/index/day')).toBe('/pages/index/day');
    expect(normalizeTarget('/pages/index/day?date=2024-02-10')).toBe('/pages/index/day?date=2024-02-10');
    expect(normalizeTarget('#/pages/ketang/show?id=3')).toBe('/pages/ketang/show?id=3');
    expect(normalizeTarget('  ')).toBe('/');
  });
});

describe('isExternalUrl', () => {
  it('recognises http and https addresses only', () => {
    expect(isExternalUrl('https://example.com/a')).toBe(true);
    expect(isExternalUrl('HTTP://example.com')).toBe(true);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalUrl('/pages/index/day')).toBe(false);
  });
});

describe('resolveNavigation', () => {
  it('pushes a normal page for navigate and replaces it for redirect and reLaunch', () => {
    expect(resolveNavigation('pages/index/day', 'navigate')).toEqual({
      type: 'push',
      to: '/pages/index/day',
    });
    expect(resolveNavigation('pages/user/login', 'redirect')).toEqual({
      type: 'replace',
      to: '/pages/user/login',
    });
    expect(resolveNavigation('pages/user/login', 'reLaunch')).toEqual({
      type: 'replace',
      to: '/pages/user/login',
    });
  });

  it('forces a tab target to a tab switch whatever the mode', () => {
    for (const mode of ['navigate', 'redirect', 'switchTab', 'reLaunch'] as const) {
      expect(resolveNavigation('pages/user/index', mode)).toEqual({
        type: 'replace',
        to: '/pages/user/index',
      });
    }
    expect(resolveNavigation('/pages/index/index?x=1')).toEqual({
      type: 'replace',
      to: '/pages/index/index?x=1',
    });
  });

  it('opens a non-tab page normally when asked to switch tab to it', () => {
    expect(resolveNavigation('pages/index/day', 'switchTab')).toEqual({
      type: 'push',
      to: '/pages/index/day',
    });
  });

  it('opens an external url in the webview page with the url in the query', () => {
    const url = 'https://example.com/a?b=1&c=2';
    expect(resolveNavigation(url)).toEqual({ type: 'push', to: webviewHref(url) });
    expect(webviewHref(url)).toBe(`/pages/webview/index?url=${encodeURIComponent(url)}`);
    expect(resolveNavigation(url, 'redirect')).toEqual({ type: 'replace', to: webviewHref(url) });
  });

  it('goes back through history, and exit returns to the root', () => {
    expect(resolveNavigation('', 'back', 3)).toEqual({ type: 'go', delta: -1 });
    expect(resolveNavigation('pages/user/index', 'exit', 3)).toEqual({
      type: 'replace',
      to: '/pages/index/index',
    });
  });
});

describe('resolveBack', () => {
  it('goes to the root when the history holds only this page', () => {
    expect(resolveBack(0)).toEqual({ type: 'replace', to: '/pages/index/index' });
  });

  it('goes back delta pages when there are enough, else to the root', () => {
    expect(resolveBack(1)).toEqual({ type: 'go', delta: -1 });
    expect(resolveBack(5, 2)).toEqual({ type: 'go', delta: -2 });
    expect(resolveBack(1, 2)).toEqual({ type: 'replace', to: '/pages/index/index' });
  });
});
