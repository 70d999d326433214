/** Test-only: what a call into the engine ends in, as the tests compare it. */
import { isAlmanacError } from './errors.ts';

/** 'ok' when `f` returns, the code of the engine's error it throws, or any other error as text. */
export function outcomeCode(f: () => unknown): string {
  try {
    f();
    return 'ok';
  } catch (e) {
    return isAlmanacError(e) ? e.code : String(e);
  }
}
