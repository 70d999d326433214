/**
 * File upload (PRODUCT.md#paths: multipart with the file in field `file`, the token in a form field or
 * the `token` header), the stored files it answers with, and 意见反馈 (feedback with up to 9
 * images, PRODUCT.md#input-rules).
 */
import { type Static, Type } from 'typebox';

/** The largest upload accepted, in bytes (5 MB); a bigger file is refused with `PayloadTooLarge`. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Every stored file is served under this path; upload answers are URLs starting with it. */
export const FILE_URL_PREFIX = '/api/files/';

/**
 * A multi-picture upload takes at most 9 images, as the original app's forms did (PRODUCT.md#input-rules).
 */
export const FEEDBACK_MAX_IMAGES = 9;

/**
 * What an upload is for, sent as the form field `purpose`: `avatar` (default; square-cropped to at
 * most 512 px) or `feedback` (fitted inside 1600 px).
 */
export const UploadPurposeSchema = Type.Union([Type.Literal('avatar'), Type.Literal('feedback')], {
  description: "Form field `purpose`: 'avatar' (default) or 'feedback'",
});

/** An upload's purpose. */
export type UploadPurpose = Static<typeof UploadPurposeSchema>;

/**
 * The form of `POST /api/base/upload` (multipart/form-data). Documentation only: the route reads the
 * parts as a stream, the file is never a JSON value.
 */
export const UploadFormSchema = Type.Object({
  file: Type.String({
    format: 'binary',
    description: 'The image (JPEG, PNG, WebP or GIF, ≤ 5 MB); its type is read from its bytes',
  }),
  token: Type.Optional(Type.String({ description: 'Session token when the header `token` is absent' })),
  purpose: Type.Optional(UploadPurposeSchema),
});

/** `resData` of `POST /api/base/upload`: where the re-encoded image is served, e.g. `/api/files/avatars/2026/<uuid>.webp`. */
export const UploadResultSchema = Type.Object({
  url: Type.String({ description: "Same-origin URL of the stored image, starting '/api/files/'" }),
});

/** An upload answer. */
export type UploadResult = Static<typeof UploadResultSchema>;

/** Body of `POST /api/crm/feedback` (意见反馈). */
export const FeedbackBodySchema = Type.Object({
  content: Type.String({
    minLength: 1,
    maxLength: 500,
    description: 'What the user writes, 1–500 characters (blank after trimming is refused)',
  }),
  rating: Type.Integer({ minimum: 1, maximum: 5, description: 'A rating, 1–5 (PRODUCT.md#input-rules)' }),
  images: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: FEEDBACK_MAX_IMAGES,
      description: "URLs answered by base/upload with purpose 'feedback' (/api/files/feedback/…), at most 9",
    }),
  ),
  contact: Type.Optional(
    Type.String({ maxLength: 100, description: 'Phone number, WeChat ID or e-mail to reply to; optional' }),
  ),
});

/** A feedback request. */
export type FeedbackBody = Static<typeof FeedbackBodySchema>;

/** `resData` of `POST /api/crm/feedback`: the stored row's id. */
export const FeedbackResultSchema = Type.Object({
  id: Type.Integer(),
});

/** A feedback answer. */
export type FeedbackResult = Static<typeof FeedbackResultSchema>;
