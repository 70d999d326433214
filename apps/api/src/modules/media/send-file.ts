/**
 * Answers a GET or HEAD with a stored file: its type by extension, `Accept-Ranges: bytes`, and one
 * byte range when asked (206 with Content-Range; a range past the end 416). The stored-file route and
 * the classroom's signed lesson media both answer through it, so Range is handled in one place.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import { contentTypeOf, type FileStorage } from '../../shared/storage.ts';
import { parseRange } from './service.ts';

/**
 * Keys under this prefix are never served by `GET /api/files/…`: lesson videos live there and reach a
 * browser only through a route that checks who may have them (the classroom's signed URLs).
 */
export const PRIVATE_FILES_PREFIX = 'private/';

/**
 * Sends the file at `key` (already checked to be a plain storage key) with `cacheControl`; a missing
 * file is 404 NotFound. The body is streamed from the storage, never held in memory.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const file = await storage.stat(key);
  if (!file) throw new AppError('NotFound', 'no such file');
  reply.header('accept-ranges', 'bytes');
  const rangeHeader = request.headers.range;
  const range = parseRange(Array.isArray(rangeHeader) ? undefined : rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    throw new AppError('RangeNotSatisfiable', `range outside the file's ${file.size} bytes`);
  }
  reply
    .header('content-type', contentTypeOf(key))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff');
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(file.size));
  }
  if (request.method === 'HEAD') return reply.send(undefined);
  const body = await storage.read(key, range ?? undefined);
  if (!body) {
    // Removed since the stat above: the answer is a plain 404, not a cacheable one.
    reply.removeHeader('cache-control');
    throw new AppError('NotFound', 'no such file');
  }
  return reply.send(body);
}
