/**
 * Database errors as they may be logged. PostgreSQL (and PGlite) put the values of the row a statement
 * touched into their errors — `Key (phone)=(13800138000) already exists`, `Failing row contains (…)`,
 * `invalid input syntax for type integer: "…"` — and Drizzle puts every parameter of the failed query
 * into its message (`Failed query: … params: 13800138000,张三`) and onto the error (`params`). A phone,
 * a name, an address or a login code would reach the log with the stack of any failed query. These
 * functions keep what says which statement and which constraint failed, and mask every value.
 */

/** Put where a value was. */
export const MASKED = '…';

/** Fields of a driver error that name the statement's place and kind, never a row's values. */
const STATEMENT_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'position',
] as const;

// Drizzle's message ends with its parameter list; in a stack, the frames (`\n    at …`) follow it.
const DRIZZLE_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by|$)/g;
// `Key (phone)=(13800138000) already exists.` — also for several columns and in foreign-key errors.
const KEY_VALUES =
  /(Key \([^)]*\)=\()[\s\S]*?(\)(?: already exists| is not present| is still referenced| conflicts)|\)\.?$)/g;
// `Failing row contains (1, 13800138000, …).` (check and not-null violations).
const FAILING_ROW = /(Failing row contains \()[\s\S]*(\)\.?)/g;
// Messages that quote the value they refused, e.g. `invalid input syntax for type integer: "abc"`.
const QUOTED_VALUE =
  /((?:invalid input (?:syntax|value) for [^:"]*|malformed [^:"]*literal|invalid byte sequence for encoding [^:"]*): )"[^"]*"|(value )"[^"]*"( is out of range)/g;

/** `text` with every value a database error may quote replaced by {@link MASKED}. */
export function maskDriverText(text: string): string {
  return text
    .replace(DRIZZLE_PARAMS, `\nparams: ${MASKED}`)
    .replace(KEY_VALUES, `$1${MASKED}$2`)
    .replace(FAILING_ROW, `$1${MASKED}$2`)
    .replace(QUOTED_VALUE, (_match, prefix?: string, valuePrefix?: string, suffix?: string) =>
      prefix ? `${prefix}"${MASKED}"` : `${valuePrefix}"${MASKED}"${suffix}`,
    );
}

/**
 * The fields of a driver error worth logging: its SQLSTATE, table, column, constraint and the like as
 * they are, `detail`, `hint` and `where` masked, the failed query's text (Drizzle's, with `$n`
 * placeholders) as it is, and of its parameters only how many there were.
 */
export function driverErrorFields(error: object): Record<string, unknown> {
  const source = error as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const name of STATEMENT_FIELDS) {
    const value = source[name];
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value;
  }
  for (const name of ['detail', 'hint', 'where', 'query'] as const) {
    const value = source[name];
    if (typeof value === 'string') fields[name] = maskDriverText(value);
  }
  for (const name of ['params', 'parameters'] as const) {
    const value = source[name];
    if (Array.isArray(value)) fields[name] = `${value.length} masked`;
  }
  return fields;
}
