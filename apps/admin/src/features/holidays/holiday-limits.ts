/**
 * The holiday form's limits. The contract's constants live in a TypeBox module the console does not
 * bundle; their literal types make these copies fail to compile the day the contract changes.
 */
import type {
  HOLIDAY_NAME_MAX as CONTRACT_NAME_MAX,
  HOLIDAY_NOTICE_MAX as CONTRACT_NOTICE_MAX,
} from '@xuanli/contracts/holidays';

/** Longest holiday name (e.g. 国庆节、中秋节). */
export const HOLIDAY_NAME_MAX: typeof CONTRACT_NAME_MAX = 20;

/** Longest notice title. */
export const HOLIDAY_NOTICE_MAX: typeof CONTRACT_NOTICE_MAX = 200;

/** Years the API accepts (the engine's range, contracts `AdminHolidayQuerySchema`). */
export const HOLIDAY_YEAR_MIN = 1900;
export const HOLIDAY_YEAR_MAX = 2100;

/** Most days one entry of a range may create: a holiday break with its make-up days fits easily. */
export const HOLIDAY_RANGE_MAX_DAYS = 31;
