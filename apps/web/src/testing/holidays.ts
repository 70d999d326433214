/**
 * Set-up for the tests of holidays entered after the build (src/lib/holidays.ts), which the calendar
 * and 老黄历 pages ask the server for when the browser is idle.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetHolidayRefresh } from '@/lib/holidays';

/**
 * The hooks of such a file: every test starts with no table kept or asked for and with the browser's
 * idle callbacks run at once, and ends with the page unmounted first (its clean-up cancels its idle
 * callbacks), then the stubbed globals restored.
 */
export function isolateHolidayTests(): void {
  beforeEach(() => {
    localStorage.clear();
    forgetHolidayRefresh();
    vi.stubGlobal('requestIdleCallback', (task: () => void) => window.setTimeout(task, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => window.clearTimeout(id));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
