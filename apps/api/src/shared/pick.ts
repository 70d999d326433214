/**
 * Copying some fields of a record as they are: the wire form of a row whose answer repeats columns
 * unchanged, beside the few it converts (a time as ISO text), so that a mapping names each field once.
 */

/** The fields `keys` of `record`, and no others, in a new object. */
export function pick<T extends object, const K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = record[key];
  return picked;
}
