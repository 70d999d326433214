/**
 * The courses area's uploads (roles admin and editor): chunked, resumable uploads of lesson videos
 * and courseware (uploads.ts), each for the operator who started it only. A chunk's body is raw
 * `application/octet-stream`, handed to the handler as the request's stream and streamed into the
 * storage — never buffered whole — and may take as long as its length needs on a slow line, past the
 * server's request time-out (plugins/request-deadline.ts).
 */
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { KETANG_CONSOLE_ROUTES } from '@xuanli/contracts/routes/ketang';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { allowSlowBody } from '../../plugins/request-deadline.ts';
import type { Clock } from '../../shared/clock.ts';
import { type ConsoleRouteOptions, consoleAreaOf } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import type { FileStorage } from '../../shared/storage.ts';
import {
  chunkTimeLimitMs,
  completeUpload,
  createUpload,
  putChunk,
  readUpload,
  type UploadDeps,
} from './uploads.ts';

/** What the chunked uploads of the console is built from: the console's access and the module's deps. */
export interface UploadConsoleOptions
  extends ConsoleRouteOptions<{ db: Db; clock: Clock; config: Pick<Config, 'uploads'> }> {
  /** Where lesson videos and courseware are stored. */
  storage: FileStorage;
}

/** `admin/uploads…`. */
export const uploadConsoleRoutes: FastifyPluginAsyncTypebox<UploadConsoleOptions> = async (app, access) => {
  const { deps, auditorOf, storage } = access;
  const editors = consoleAreaOf(access, ADMIN_AREA_ROLES.courses);
  const uploadDeps: UploadDeps = { db: deps.db, clock: deps.clock, storage };
  const settings = deps.config.uploads;
  const operatorId = (request: FastifyRequest) => auditorOf(request).operatorId;

  // Chunks arrive as raw bytes: the parser hands the request's stream through untouched (in this
  // plugin's scope only), and putChunk counts and stores it.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postUploads,
    {
      ...editors,
      summary: 'Start a chunked upload of a lesson video (mp4/webm ≤ 2 GiB) or courseware (PDF ≤ 50 MiB)',
      description:
        'Answers the upload id, the chunk size and the number of chunks. UnsupportedMediaType for a type the ' +
        'purpose does not take, PayloadTooLarge over its limit, Conflict past the caller’s quota of unfinished ' +
        'uploads (UPLOAD_MAX_OPEN_PER_OPERATOR, UPLOAD_MAX_OPEN_BYTES_PER_OPERATOR). The upload is the caller’s: ' +
        'other operators get Forbidden on it. Unfinished uploads are removed a day after their last chunk.',
    },
    async (request) => ok(await createUpload(uploadDeps, settings, operatorId(request), request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getUploadsById,
    {
      ...editors,
      summary: 'An upload and the chunks stored so far: a client resumes by sending the missing ones',
    },
    async (request) => ok(await readUpload(uploadDeps, operatorId(request), request.params.id)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.putUploadsByIdChunksByIndex,
    {
      ...editors,
      summary: 'Store one chunk: the raw bytes (application/octet-stream) of exactly its length',
      description:
        'Every chunk but the last has `chunkSize` bytes. A chunk sent again replaces the stored one. ' +
        'ValidationError for a wrong length or index (nothing is stored), BadRequest when the body broke off, ' +
        'Conflict once the upload is complete, Forbidden on another operator’s upload. The body may take its ' +
        'length at UPLOAD_MIN_RATE_BYTES_PER_SECOND × 1.5 + 5 s (never less than the server’s request time-out); ' +
        'slower, RequestTimeout (408) and the connection is closed.',
      consumes: ['application/octet-stream'],
      // The body's time limit follows its declared length (a chunk at most), whatever the server's.
      onRequest: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        const bytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : settings.chunkBytes;
        allowSlowBody(request, reply.raw, chunkTimeLimitMs(Math.min(bytes, settings.chunkBytes), settings));
      },
    },
    async (request) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function') {
        throw new AppError('UnsupportedMediaType', '分片须以 application/octet-stream 发送');
      }
      const header = request.headers['content-length'];
      const length = header === undefined ? undefined : Number(header);
      return ok(
        await putChunk(
          uploadDeps,
          operatorId(request),
          request.params.id,
          request.params.index,
          body,
          length !== undefined && Number.isSafeInteger(length) ? length : undefined,
        ),
      );
    },
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postUploadsByIdComplete,
    {
      ...editors,
      summary: 'Join the chunks into the stored file; answers its key, size, SHA-256 and a video’s length',
      description:
        'The kind is decided by the bytes (mp4 ftyp, webm EBML, PDF %PDF-): anything else is UnsupportedMediaType ' +
        'and the upload is dropped. Conflict while chunks are missing (the message names them). Calling it again ' +
        'on a complete upload answers the same result.',
    },
    async (request) => ok(await completeUpload(uploadDeps, operatorId(request), request.params.id)),
  );
};
