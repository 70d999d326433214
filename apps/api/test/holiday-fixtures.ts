/**
 * Test helper: holiday days to enter as operators enter a notice. TEST DATA, made up for the tests —
 * not the State Council's 2027 notice: a 国庆节 break 2027-10-01..07 with make-up workdays on Sunday
 * 2027-09-26 and Saturday 2027-10-09.
 */
import type { HolidaySaveInput } from '../src/modules/calendar/index.ts';

/** The notice the made-up days cite. */
export const MADE_UP_NOTICE = '测试用节假日通知（虚构，仅用于测试）';

/** The made-up 2027 国庆节 days, in date order, as `saveHolidayDay` takes them (without who and when). */
export const MADE_UP_2027: Omit<HolidaySaveInput, 'at' | 'updatedBy'>[] = [
  { date: '2027-09-26', name: '国庆节', offDay: false, notice: MADE_UP_NOTICE },
  ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({
    date: `2027-10-0${d}`,
    name: '国庆节',
    offDay: true,
    notice: MADE_UP_NOTICE,
  })),
  { date: '2027-10-09', name: '国庆节', offDay: false, notice: MADE_UP_NOTICE },
];
