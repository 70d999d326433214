import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

/** localStorage key of the grid's size: 'month' (every week) or 'week' (the selected week only). */
export const GRID_MODE_KEY = 'xuanli-calendar-grid';

/** How much of the month the grid shows. */
export type GridMode = 'month' | 'week';

/**
 * Below this window height (px) the grid opens folded to one week until the reader chooses: on a
 * 320×568 phone a whole month leaves no room for the day's 宜/忌.
 */
export const SHORT_SCREEN = 700;

function defaultMode(): GridMode {
  return typeof window !== 'undefined' && window.innerHeight > 0 && window.innerHeight < SHORT_SCREEN
    ? 'week'
    : 'month';
}

/** The grid's size, as the reader last chose it (kept in localStorage); else by the screen's height. */
export function useGridMode(): [GridMode, (mode: GridMode) => void] {
  const [mode, setState] = useState<GridMode>(() => {
    const saved = readStorage<unknown>(GRID_MODE_KEY, null);
    return saved === 'week' || saved === 'month' ? saved : defaultMode();
  });
  const setMode = useCallback((next: GridMode) => {
    setState(next);
    writeStorage(GRID_MODE_KEY, next);
  }, []);
  return [mode, setMode];
}
