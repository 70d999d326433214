/** The sixty 干支 names as a table, for the lists a chart builds (大运, 流年, 流月, 流日). */
import { sexagenaryName } from '../ganzhi.ts';

/**
 * The sixty 干支 names, built once. A chart lists 80 流年 by default (and the API serves it under
 * load): a table entry is one shared flat string, where sexagenaryName concatenates a new one per
 * call that JSON.stringify must then flatten. Same text either way.
 */
export const GANZHI_NAMES: readonly string[] = Array.from({ length: 60 }, (_, i) => sexagenaryName(i));

/** sexagenaryName through {@link GANZHI_NAMES} (any integer index, like sexagenaryName). */
export function ganzhiName(index: number): string {
  return GANZHI_NAMES[index] ?? sexagenaryName(index);
}
