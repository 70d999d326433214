/**
 * `POST admin/images`: one image from the console (roles of the content, courses and catalogue areas:
 * admin and editor), stored for articles, masters, the customer-service card and products. No audit
 * row: an upload alone changes nothing the app shows; the write that uses its URL is audited.
 */
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_IMAGE_MAX_BYTES } from '@xuanli/contracts/admin-content';
import { ADMIN_AREA_ROLES, type AdminRole } from '@xuanli/contracts/admin-labels';
import { CONTENT_CONSOLE_ROUTES } from '@xuanli/contracts/routes/content';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import { type ConsoleRouteOptions, consoleAreaOf } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { storeConsoleImage } from './console-images.ts';
import { type SpooledUpload, spoolUpload } from './service.ts';

/** What the image upload of the console is built from: the console's access and the module's deps. */
export interface ImageConsoleOptions extends ConsoleRouteOptions<{ clock: Clock }> {
  /** Where the pictures are stored. */
  storage: FileStorage;
}

/** Who may upload: every role of an area whose pages upload pictures. */
const UPLOADERS: AdminRole[] = [
  ...new Set<AdminRole>([
    ...ADMIN_AREA_ROLES.content,
    ...ADMIN_AREA_ROLES.courses,
    ...ADMIN_AREA_ROLES.catalogue,
  ]),
];

/** One file of at most 5 MB and a few small fields; a body over them is refused with 413. */
const LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 4,
  fileSize: ADMIN_IMAGE_MAX_BYTES,
  files: 1,
  parts: 6,
  headerPairs: 20,
};

// @fastify/multipart's refusals for a body over one of the limits above.
const LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

const TOO_LARGE = `图片不能超过 ${ADMIN_IMAGE_MAX_BYTES / 1024 / 1024} MB，每次上传一张`;

/** A failure while reading the body as the client sees it: over a limit 413, malformed 400. */
function readFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    syscall?: unknown;
  };
  if (typeof e.code === 'string' && LIMIT_CODES.has(e.code))
    return new AppError('PayloadTooLarge', TOO_LARGE);
  // The disk's own errors are not the client's fault.
  if (e.syscall !== undefined) return error;
  return new AppError('BadRequest', '上传的表单不完整，请重新选择图片');
}

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // discarded
  }
}

/** The image of the form's field `file`, spooled to a temporary file; other parts are skipped. */
async function readImage(request: FastifyRequest): Promise<SpooledUpload | undefined> {
  let file: SpooledUpload | undefined;
  const parts = request.parts()[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await parts.next();
    } catch (error) {
      throw readFailure(error);
    }
  };
  try {
    for (let step = await next(); !step.done; step = await next()) {
      const part = step.value;
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file) {
        await drain(part.file).catch(() => {});
        continue;
      }
      try {
        file = await spoolUpload(part.file, ADMIN_IMAGE_MAX_BYTES);
      } catch (error) {
        throw readFailure(error);
      }
      if (part.file.truncated) throw new AppError('PayloadTooLarge', TOO_LARGE);
    }
  } catch (error) {
    await file?.dispose();
    throw error;
  }
  return file;
}

/** `admin/images`. */
export const imageConsoleRoutes: FastifyPluginAsyncTypebox<ImageConsoleOptions> = async (app, access) => {
  const { deps, storage } = access;
  // Multipart is parsed only in this plugin's scope; the console's other routes take JSON.
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });

  addRoute(
    app,
    CONTENT_CONSOLE_ROUTES.postImages,
    {
      ...consoleAreaOf(access, UPLOADERS),
      summary: 'Upload one image (multipart field `file`): JPEG, PNG, WebP or GIF by its bytes, ≤ 5 MB',
      description:
        'Re-encoded as WebP without metadata, at most 2048 px on its longer side, stored under console/images/<yyyy>/; answers `{url}` (`/api/files/…`) as the app loads it. 413 over 5 MB or 50 megapixels, 415 for anything but an image. Roles admin and editor.',
      consumes: ['multipart/form-data'],
      // The form is read as a stream below; the body schema only documents it.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('UnsupportedMediaType', '请用 multipart/form-data 上传，图片放在字段 file');
      }
      const file = await readImage(request);
      if (!file) throw new AppError('ValidationError', '没有收到图片（表单字段 file）');
      try {
        return ok(await storeConsoleImage({ storage, clock: deps.clock }, file));
      } finally {
        await file.dispose();
      }
    },
  );
};
