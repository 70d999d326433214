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

/**
 * Expects `fn` to throw an AlmanacError with `code` (and, when given, exactly `message`); fails on any
 * other outcome.
 */
export function expectAlmanacError(fn: () => unknown, expectedCode: string, message?: string): void {
  try {
    fn();
  } catch (error) {
    if (!isAlmanacError(error)) throw error;
    if (error.code !== expectedCode || (message !== undefined && error.message !== message))
      throw new Error(
        `expected ${expectedCode}${message ? ` '${message}'` : ''}, got ${error.code} '${error.message}'`,
      );
    return;
  }
  throw new Error(`expected ${expectedCode}, got no error`);
}
