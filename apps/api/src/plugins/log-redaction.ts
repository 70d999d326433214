/**
 * What keeps personal data out of the log: a phone number, a name, an address, an SMS code, a password
 * or a token must not appear in any line. Three layers, because a line is built in three ways:
 *
 * - pino's `redact` ({@link REDACT_PATHS}): credentials and personal fields wherever code logs headers,
 *   a body or a query object (none of ours does; this is the net under a future `log.info({body})`);
 * - the `err` serializer ({@link serializeError}): an error is logged with an allow-list of its fields,
 *   its message and stack masked — database errors carry the values of the row they touched
 *   (db/error-masking.ts);
 * - {@link maskPersonalText} for the text of a request line that comes from the client: the URL and
 *   the refusal's message (plugins/request-log.ts).
 */
import { driverErrorFields, maskDriverText } from '../db/error-masking.ts';

const REDACTED = '[redacted]';

/** Body fields that hold credentials or a person's details (the app's, the shop's and the console's). */
const PERSONAL_BODY_FIELDS = [
  'phone',
  'code',
  'password',
  'oldPassword',
  'newPassword',
  'totp',
  'name',
  'nickname',
  'receiver',
  'receiverName',
  'receiverPhone',
  'address',
  'province',
  'city',
  'district',
  'detail',
  'remark',
];

/**
 * Log paths pino replaces before a line is written: credentials at the top level and in headers,
 * personal fields of a request body, and the token of a query, under every name a request goes by.
 */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.token',
  'headers.authorization',
  'headers.cookie',
  'token',
  'jwt',
  // The console's credentials, should any code ever log a login body or a TOTP enrolment.
  'password',
  'oldPassword',
  'totp',
  'secret',
  'otpauthUrl',
  ...['body', 'req.body', 'request.body'].flatMap((body) =>
    PERSONAL_BODY_FIELDS.map((field) => `${body}.${field}`),
  ),
  ...['query', 'req.query', 'request.query'].flatMap((query) =>
    ['token', 'jwt', 'phone', 'q'].map((field) => `${query}.${field}`),
  ),
];

/** The censor of {@link REDACT_PATHS}. */
export const REDACT_CENSOR = REDACTED;

/** A JWT (our session tokens are JWTs), wherever in a URL or message a client managed to put it. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
/** A mainland mobile number standing alone (not inside a longer run of digits, e.g. an order number). */
const PHONE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/**
 * `text` as it may be logged: JWTs replaced by `[redacted]`, mobile numbers masked as the app shows
 * them (`139****5678`), and the values a database error quotes masked.
 */
export function maskPersonalText(text: string): string {
  return maskDriverText(text).replace(JWT, REDACTED).replace(PHONE, '$1****$2');
}

/** Fields any error may have that say what went wrong without a value of the request or a row. */
const ERROR_FIELDS = ['code', 'statusCode', 'validationContext', 'signal', 'errno', 'syscall'] as const;

/**
 * The pino `err` serializer: an error as a plain object of its type, masked message and stack, the
 * fields of {@link ERROR_FIELDS}, a database error's statement fields (db/error-masking.ts) and its
 * causes — never the error's other properties, which may hold a request's or a row's values. A string
 * (`err: error.message`) is masked; anything else is logged as it is.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return maskPersonalText(error);
  if (typeof error !== 'object' || error === null) return error;
  const source = error as Record<string, unknown> & { constructor?: { name?: string } };
  const serialized: Record<string, unknown> = {
    type: source.constructor?.name ?? 'Object',
    message: maskPersonalText(String(source.message ?? '')),
  };
  if (typeof source.stack === 'string') serialized.stack = maskPersonalText(source.stack);
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  for (const [field, value] of Object.entries(driverErrorFields(error))) {
    serialized[field] = typeof value === 'string' ? maskPersonalText(value) : value;
  }
  if (depth < 5 && source.cause !== undefined) serialized.cause = serializeError(source.cause, depth + 1);
  if (depth < 5 && Array.isArray(source.errors)) {
    serialized.errors = source.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return serialized;
}
