/**
 * Images the console uploads (article pictures, masters' avatars and QR codes, product pictures):
 * the type is read from the bytes, the picture decoded and encoded afresh as WebP without metadata
 * (shared/image.ts), scaled down to {@link ADMIN_IMAGE_MAX_SIDE} at most, and stored under a fresh
 * random key `console/images/<yyyy>/<uuid>.webp`, which the public files route serves to the app.
 */
import { randomUUID } from 'node:crypto';
import { beijingDateAt } from '@xuanli/almanac/beijingTime';
import { ADMIN_IMAGE_MAX_SIDE, type AdminImageResult } from '@xuanli/contracts/admin-content';
import { FILE_URL_PREFIX } from '@xuanli/contracts/upload';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { reencodeImage, sniffImage } from '../../shared/image.ts';
import type { FileStorage } from '../../shared/storage.ts';
import type { SpooledUpload } from './service.ts';

/** Storage folder of console images (below it: the Beijing year, then the file). */
export const CONSOLE_IMAGES_FOLDER = 'console/images';

/** Calendar year in Beijing (UTC+8, no DST) of an instant. */
function beijingYear(ms: number): number {
  return beijingDateAt(ms).year;
}

/**
 * Stores one uploaded image and answers the URL the app loads it from. `UnsupportedMediaType` for
 * bytes that are not a JPEG, PNG, WebP or GIF picture, `PayloadTooLarge` for one over 50 megapixels.
 */
export async function storeConsoleImage(
  deps: { storage: FileStorage; clock: Clock },
  upload: Pick<SpooledUpload, 'path' | 'head'>,
): Promise<AdminImageResult> {
  const kind = sniffImage(upload.head);
  if (!kind) throw new AppError('UnsupportedMediaType', '只能上传 JPG、PNG、WebP 或 GIF 图片');
  const image = await reencodeImage(upload.path, kind, { inside: ADMIN_IMAGE_MAX_SIDE });
  const key = `${CONSOLE_IMAGES_FOLDER}/${beijingYear(deps.clock.now())}/${randomUUID()}.${image.format}`;
  await deps.storage.put(key, image.data);
  return { url: `${FILE_URL_PREFIX}${key}` };
}
