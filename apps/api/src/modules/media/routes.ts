/**
 * The file upload (`POST base/upload`, PRODUCT.md#paths), the stored files (`GET files/<key>`) and 意见反馈
 * (`POST crm/feedback`); mounted under `/api`.
 */
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FileBytesSchema } from '@xuanli/contracts/files';
import { CONTENT_ROUTES } from '@xuanli/contracts/routes/content';
import { UPLOAD_MAX_BYTES, type UploadPurpose } from '@xuanli/contracts/upload';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import { assertStorageKey } from '../../shared/storage.ts';
import {
  createRequireSession,
  type Session,
  type SessionDeps,
  sessionOf,
  tokenHeader,
  verifySessionToken,
} from '../sessions/index.ts';
import { PRIVATE_FILES_PREFIX, sendStoredFile } from './send-file.ts';
import { type MediaDeps, type SpooledUpload, spoolUpload, storeImage, submitFeedback } from './service.ts';

/** What the media routes are built from. */
export interface MediaRoutesOptions extends MediaDeps {
  config: SessionDeps['config'] & Pick<Config, 'rateBudgets'>;
}

/**
 * Limits of a multipart body: one file of at most 5 MB, a few short fields (`token`, `purpose`).
 * The app's JSON body limit does not apply to multipart, which is parsed as a stream here.
 */
const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 8 * 1024,
  fields: 5,
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  parts: 8,
  headerPairs: 20,
};

const PURPOSES = new Set<string>(['avatar', 'feedback'] satisfies UploadPurpose[]);

// @fastify/multipart's refusals for a body over one of the limits above.
const LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

/**
 * A failure while reading a multipart body as the client should see it: over a limit → 413, a
 * malformed body (no boundary, cut short, bad part headers) → 400. The disk's own errors (they carry
 * `syscall`) stay what they are: not the client's fault.
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
  };
  if (typeof e.code === 'string' && LIMIT_CODES.has(e.code)) {
    return new AppError(
      'PayloadTooLarge',
      `upload over the limit: one file of at most ${UPLOAD_MAX_BYTES} bytes`,
    );
  }
  if (e.syscall !== undefined) return error;
  return new AppError('BadRequest', `malformed multipart body: ${String(e.message ?? '').slice(0, 80)}`);
}

/** The logged-in user of a session; a visitor is refused with 401. */
function userIdOf(session: Session): number {
  if (session.userId === null) throw new AppError('Unauthorized', 'login required');
  return session.userId;
}

/** Reads and discards a part nobody asked for, so that the parts after it arrive. */
async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // discarded
  }
}

/** The media routes; dependencies arrive as plugin options. */
export const mediaRoutes: FastifyPluginAsyncTypebox<MediaRoutesOptions> = async (app, deps) => {
  const sessionDeps: SessionDeps = { db: deps.db, config: deps.config, clock: deps.clock };
  const requireSession = createRequireSession(sessionDeps);
  const userOfToken = async (token: string) => userIdOf(await verifySessionToken(sessionDeps, token));

  // Multipart is parsed only in this scope: every other route keeps the app's 64 KB JSON bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    /**
     * Reads the form: the file (spooled to a temporary file), `token` and `purpose`. The session is
     * checked as soon as a token is known, so a refused caller's file is not even stored for a moment
     * when the header or an earlier field names the token.
     */
    async function readForm(request: FastifyRequest, userId: number | null) {
      const fields = new Map<string, string>();
      let file: SpooledUpload | undefined;
      const parts = request.parts()[Symbol.asyncIterator]();
      const nextPart = async () => {
        try {
          return await parts.next();
        } catch (error) {
          throw multipartFailure(error);
        }
      };
      try {
        for (let step = await nextPart(); !step.done; step = await nextPart()) {
          const part = step.value;
          if (part.type === 'field') {
            if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
            continue;
          }
          if (part.fieldname !== 'file' || file) {
            await drain(part.file).catch(() => {});
            continue;
          }
          const formToken = fields.get('token')?.trim();
          if (userId === null && formToken) userId = await userOfToken(formToken);
          try {
            file = await spoolUpload(part.file, UPLOAD_MAX_BYTES);
          } catch (error) {
            throw multipartFailure(error);
          }
          if (part.file.truncated) {
            throw new AppError('PayloadTooLarge', `file larger than ${UPLOAD_MAX_BYTES} bytes`);
          }
        }
      } catch (error) {
        await file?.dispose();
        throw error;
      }
      return { fields, file, userId };
    }

    addRoute(
      scope,
      CONTENT_ROUTES.postBaseUpload,
      {
        tags: ['media'],
        summary: 'Upload an image (PRODUCT.md#paths): multipart/form-data, fields file, token?, purpose?',
        description:
          "multipart/form-data with the image in field `file` (JPEG, PNG, WebP or GIF, ≤ 5 MB; its type is read from its bytes), the session token in header `token` or form field `token` (the header wins), and `purpose` 'avatar' (default: square ≤ 512 px) or 'feedback' (≤ 1600 px). Logged-in users only. The image is re-encoded as WebP without metadata; answers `{url: '/api/files/<key>'}`. 413 over 5 MB or 50 megapixels, 415 for anything but an image.",
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
      },
      async (request) => {
        const headerToken = tokenHeader(request);
        // The header wins over the form field, and is checked before a byte of the body is read.
        const headerUser = headerToken ? await userOfToken(headerToken) : null;
        if (!request.isMultipart()) {
          throw new AppError(
            'UnsupportedMediaType',
            'expected multipart/form-data with the image in field `file`',
          );
        }
        const form = await readForm(request, headerUser);
        try {
          let userId = form.userId;
          if (userId === null) {
            const token = form.fields.get('token')?.trim();
            if (!token) throw new AppError('Unauthorized', 'missing token');
            userId = await userOfToken(token);
          }
          if (!form.file) throw new AppError('ValidationError', 'no file in form field `file`');
          const purpose = form.fields.get('purpose')?.trim() || 'avatar';
          if (!PURPOSES.has(purpose)) {
            throw new AppError('ValidationError', "purpose must be 'avatar' or 'feedback'");
          }
          return ok(await storeImage(deps, form.file, purpose as UploadPurpose));
        } finally {
          await form.file?.dispose();
        }
      },
    );
  });

  addRoute(
    app,
    CONTENT_ROUTES.getFilesFile,
    {
      tags: ['media'],
      summary: 'A stored file (uploads, courseware), with HTTP Range',
      description:
        'Content-Type from the extension, `Cache-Control: public, max-age=31536000, immutable` (keys are never reused), `Accept-Ranges: bytes`: a `Range: bytes=a-b` answers 206 with Content-Range, a range past the end 416.',
      // The bytes are streamed as they are (Fastify serializes no stream); the schema documents them.
      answers: { 206: FileBytesSchema },
      ownHead: true,
      // Pictures and courseware count in the media budget, not in the API's general one.
      config: routeRateLimit(deps.config, 'media'),
    },
    async (request, reply) => {
      const key = request.params['*'];
      try {
        assertStorageKey(key);
      } catch {
        throw new AppError('BadRequest', 'invalid file key');
      }
      // Lesson videos are served only through the classroom's signed URLs; here they do not exist.
      if (key.startsWith(PRIVATE_FILES_PREFIX)) throw new AppError('NotFound', 'no such file');
      // A key names one content for ever (uploads get fresh random keys), so caches may keep it.
      return sendStoredFile(request, reply, deps.storage, key, 'public, max-age=31536000, immutable');
    },
  );

  addRoute(
    app,
    CONTENT_ROUTES.postFeedback,
    {
      tags: ['media'],
      summary: '意见反馈: content, rating 1–5, up to 9 feedback image URLs, optional contact',
      security: [{ token: [] }],
      preHandler: requireSession,
    },
    async (request) => ok(await submitFeedback(deps, userIdOf(sessionOf(request)), request.body)),
  );
};
