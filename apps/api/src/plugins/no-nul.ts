/**
 * No NUL character (U+0000) anywhere in a request's input: the strings of a JSON body, the query
 * string and the path parameters. PostgreSQL cannot store NUL in `text` (error 22021, which surfaced
 * as a 500), PGlite and the engine have no use for it, and no form of the app can type it, so the API
 * refuses it up front with a 400 `ValidationError`, in one place for every route instead of a schema
 * rule per field. The same goes for a JSON body string with an unpaired surrogate (`"\udfff\ud800"`):
 * it has no UTF-8 form, so the database driver sent bytes PostgreSQL refused (22021 again).
 *
 *
 * - bodies: {@link rawNulInJson} and {@link nulInJson}, called by the JSON parser (app.ts);
 * - query and params: {@link refuseNulInUrl}, a root preValidation hook.
 */
import type { preValidationHookHandler } from 'fastify';
import { AppError } from '../shared/errors.ts';

const NUL = '\u0000';
/** How a NUL appears in JSON text: always this escape (JSON has no `\U` nor `\0`) or a raw byte. */
const NUL_ESCAPE = '\\u0000';
/** A path in a message is cut here, so a long key does not make a long message. */
const MAX_PATH = 200;

function refusal(path: string, what = 'the NUL character (\\u0000)'): AppError {
  const where = path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
  return new AppError('ValidationError', `${where} must not contain ${what}`);
}

/** A surrogate without its partner: a high one not followed by a low one, or a low one not after a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a NUL or is not well-formed UTF-16 (String#isWellFormed, ES2024). */
function refused(text: string): boolean {
  return text.includes(NUL) || UNPAIRED_SURROGATE.test(text);
}

/** How an escaped surrogate appears in JSON text (`\ud800` … `\udfff`, either case). */
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;

/** A key as it appears in a path: JSON-escaped, so a NUL in a key reads `\u0000`. */
function pathKey(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}

/**
 * The path (`root/key/0/…`) of the first string or key under `value` that holds a NUL, or
 * undefined. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function nulPath(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (refused(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}/${i}`]);
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const childPath = `${path}/${pathKey(key)}`;
        if (refused(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * The refusal for a raw NUL in a JSON body's text, or undefined; checked before parsing, since such
 * a text is not even JSON (JSON.parse would say only that).
 */
export function rawNulInJson(text: string): AppError | undefined {
  return text.includes(NUL) ? refusal('body') : undefined;
}

/**
 * The refusal for a JSON body with a string or key holding a NUL, or undefined. `text` is the raw
 * body, `value` what it parsed to. The usual body has no `\u0000` escape, so this costs one substring
 * scan; only a body with the escape is walked (the escape may also be an escaped backslash followed by
 * `u0000`, which is no NUL).
 */
export function nulInJson(text: string, value: unknown): AppError | undefined {
  const nulEscape = text.includes(NUL_ESCAPE);
  if (!nulEscape && !SURROGATE_ESCAPE.test(text)) return undefined;
  const path = nulPath(value, 'body');
  if (path === undefined) return undefined;
  return nulEscape ? refusal(path) : refusal(path, 'an unpaired surrogate (text that is not valid Unicode)');
}

/**
 * Root preValidation hook: refuses a NUL in the decoded query string or path parameters (`%00`).
 * Runs before schema validation, so every route and the 404 handler refuse it the same way, and after
 * the onRequest hooks, so the answer carries the security headers and counts against the rate limit.
 */
export const refuseNulInUrl: preValidationHookHandler = (request, _reply, done) => {
  const url = request.url;
  // Decoding produces a NUL only from `%00` (a raw NUL never passes Node's HTTP parser).
  if (!url.includes('%00') && !url.includes(NUL)) return done();
  const path = nulPath(request.query, 'querystring') ?? nulPath(request.params, 'params');
  return done(path === undefined ? undefined : refusal(path));
};
