/**
 * The wire of what is not JSON: stored files and lesson media streamed as bytes, the calendar's
 * iCalendar text, the 命书 PDF, and the health probe. The schemas only describe these answers in the
 * OpenAPI document and the route tables; the handlers send streams or text.
 */
import { Type } from 'typebox';

/** The rest of a file's path after its route's prefix (a storage key). */
export const FilePathParamsSchema = Type.Object({ '*': Type.String({ maxLength: 1200 }) });

/** A file's bytes (a stream; nothing for HEAD). */
export const FileBytesSchema = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });

/** The signature fields of a lesson media URL; checked by the handler (anything wrong is 403, not 400). */
export const MediaQuerySchema = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 256, description: 'Epoch seconds the URL ends at' })),
  user: Type.Optional(
    Type.String({ maxLength: 256, description: 'The user it was issued to (0: a visitor)' }),
  ),
  bind: Type.Optional(
    Type.String({ maxLength: 256, description: 'The session it is bound to (a keyed hash, base64url)' }),
  ),
  sig: Type.Optional(Type.String({ maxLength: 256, description: 'HMAC-SHA256, base64url' })),
});

/** An iCalendar text (RFC 5545). */
export const CalendarTextSchema = Type.String({ description: 'text/calendar' });

/** Path of a subscribed calendar: its secret token and `.ics`. */
export const CalendarFeedParamsSchema = Type.Object({
  file: Type.String({ maxLength: 64, description: '<token>.ics' }),
});

/** The 命书 as the OpenAPI document describes it: a PDF download. */
export const MingshuPdfSchema = Type.Unsafe<unknown>({
  description: 'The 命书, application/pdf, saved as <name>命书.pdf',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});

/** What the health probe answers while the database answers. */
export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
