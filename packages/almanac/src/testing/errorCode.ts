/** Test-only helper (never imported by the engine). */
import { isAlmanacError } from '../errors.ts';

/** The AlmanacError code fn throws, or 'no error'; any other error is rethrown. */
export function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isAlmanacError(error)) return error.code;
    throw error;
  }
  return 'no error';
}
