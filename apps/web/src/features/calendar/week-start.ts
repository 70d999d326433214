import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

/** localStorage key of the week-start setting: 1 = Monday (the default), 0 = Sunday. */
export const WEEK_START_KEY = 'xuanli-week-start';

/** First weekday of the grid, numbered like the engine's weekdays: 0 = Sunday, 1 = Monday. */
export type WeekStart = 0 | 1;

/**
 * The first weekday of the month grid, kept in localStorage so it survives reloads. Monday by default,
 * as Chinese wall calendars and 万年历 apps print it.
 */
export function useWeekStart(): [WeekStart, (value: WeekStart) => void] {
  const [weekStart, setState] = useState<WeekStart>(() =>
    readStorage<unknown>(WEEK_START_KEY, 1) === 0 ? 0 : 1,
  );
  const setWeekStart = useCallback((value: WeekStart) => {
    setState(value);
    writeStorage(WEEK_START_KEY, value);
  }, []);
  return [weekStart, setWeekStart];
}
