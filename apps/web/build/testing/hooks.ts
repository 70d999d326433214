/**
 * A plugin hook as a plain function, whichever way the plugin declared it (a function, or an object
 * with `order` and `handler`), for tests that drive a plugin without a whole build.
 */
export function hookOf<F extends (...args: never[]) => unknown>(hook: unknown): F {
  const handler = typeof hook === 'function' ? hook : (hook as { handler?: unknown } | undefined)?.handler;
  if (typeof handler !== 'function') throw new Error('no such hook');
  return handler as F;
}
