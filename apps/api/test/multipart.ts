/**
 * Test helper: a multipart/form-data body built by hand, as a browser's uploader sends it, for
 * `app.inject` (fields and files in the given order).
 */
import { randomUUID } from 'node:crypto';

/** A form part: a text field, or a file with its name and declared type. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Buffer };

/** The body and the `content-type` header (with its boundary) of a form of `parts`. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----xuanli${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      'value' in part ? Buffer.from(part.value) : part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
