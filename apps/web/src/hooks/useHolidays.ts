import type { HolidayTable } from '@xuanli/almanac/holidayTable';
import { useContext, useEffect, useState } from 'react';
import { keptHolidays, refreshHolidays } from '@/lib/holidays';
import { whenIdleAfterLoad } from '@/lib/idle';
import { ServerViewContext } from './server-view';

/**
 * The holiday days entered since this build, for the engine's month grid and day cards: the kept table
 * at once, then the API's newer one, asked for once the page has loaded and the browser is idle so it
 * never delays the first paint. Undefined (the built-in plans alone) while no table was ever kept.
 * Rendered on the server, the table the server renders with.
 */
export function useHolidays(): HolidayTable | undefined {
  const server = useContext(ServerViewContext);
  const [table, setTable] = useState(() => (server ? server.holidays : keptHolidays()));
  useEffect(() => {
    let live = true;
    whenIdleAfterLoad(() => {
      void refreshHolidays().then((next) => live && next && setTable(next));
    });
    return () => {
      live = false;
    };
  }, []);
  return table;
}
