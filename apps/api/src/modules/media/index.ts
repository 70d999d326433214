/**
 * The media module's public entry: image upload (PRODUCT.md#paths), the stored-file route, 意见反馈, the
 * clean-up account deletion calls, and the console's image upload (`/api/admin/images`).
 */

export { type ImageConsoleOptions, imageConsoleRoutes } from './console-images.routes.ts';
export { type MediaRoutesOptions, mediaRoutes } from './routes.ts';
export { PRIVATE_FILES_PREFIX, sendStoredFile } from './send-file.ts';
export { eraseMediaOf, mergeMediaOf, removeStoredFiles, type SpooledUpload, spoolUpload } from './service.ts';
