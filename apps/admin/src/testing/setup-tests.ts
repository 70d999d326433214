import '@ant-design/v5-patch-for-react-19';
import '@/lib/dayjs';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionCache } from '@/lib/session';

// What antd and ProComponents ask of a browser that jsdom does not have: media queries (responsive
// grids, ProLayout's breakpoints) and the scroll/measure calls of tables and pickers.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    // A desktop screen (the console's target): every min-width query matches, max-width ones do not.
    matches: !/max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
// antd's getScrollBarSize reads these; jsdom's getComputedStyle does not support pseudo-elements.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  resetSessionCache();
  window.location.hash = '';
});

// Lazy pages, antd's animations and ProTable's first request take longer than the default second
// on a 2-core machine.
configure({ asyncUtilTimeout: 8000 });
