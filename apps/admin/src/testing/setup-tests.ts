import '@ant-design/v5-patch-for-react-19';
import '@/lib/dayjs';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionCache } from '@/lib/session';
import { fakeGuard } from '@/testing/fake-api';

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

// jsdom has no canvas. The console's charts draw SVG (features/dashboard/TrendChart.tsx), but their
// engine still measures text on a 2D context: this one measures each character as 0.6 em, fills
// nothing and reads back blank pixels, enough for the charts to lay out their axes and labels.
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  const context = {
    canvas: this,
    font: '12px sans-serif',
    measureText(text: string) {
      const size = Number(/(\d+(?:\.\d+)?)px/.exec(context.font)?.[1] ?? 12);
      return {
        width: text.length * size * 0.6,
        actualBoundingBoxAscent: size * 0.8,
        actualBoundingBoxDescent: size * 0.2,
        fontBoundingBoxAscent: size * 0.8,
        fontBoundingBoxDescent: size * 0.2,
      };
    },
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      data: new Uint8ClampedArray(Math.max(1, width * height * 4)),
    }),
  };
  // Every drawing call (fillRect, fillText, save, restore…) does nothing.
  return new Proxy(context, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : () => {}),
  });
} as unknown as HTMLCanvasElement['getContext'];

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  const violations = fakeGuard.take();
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  resetSessionCache();
  window.location.hash = '';
  if (violations.length > 0) throw new Error(`the fake API refused:\n${violations.join('\n')}`);
});

// Lazy pages, antd's animations and ProTable's first request take longer than the default second
// on a 2-core machine.
configure({ asyncUtilTimeout: 8000 });
