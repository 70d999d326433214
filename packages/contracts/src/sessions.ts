/**
 * Session tokens (PRODUCT.md#paths `POST /base/token`, PRODUCT.md#screens `jw-token`) and the session they
 * belong to.
 */
import { type Static, Type } from 'typebox';
import { DateTime } from './common.ts';

/** Body of `POST /api/base/token`; optional as a whole (the original app sends none). */
export const TokenBodySchema = Type.Object({
  device_id: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "The client's numeric device id",
    }),
  ),
});

/** A token body. */
export type TokenBody = Static<typeof TokenBodySchema>;

/** PRODUCT.md#screens `jw-token`: the JWT and its issue time in epoch seconds. */
export const IssuedTokenSchema = Type.Object({
  jwt: Type.String(),
  iat: Type.Integer({ description: 'Issue time, epoch seconds' }),
});

/** An issued token. */
export type IssuedToken = Static<typeof IssuedTokenSchema>;

/** PRODUCT.md#paths: the token answer is the one place the payload sits in `data`, not `resData`. */
export const TokenEnvelopeSchema = Type.Object({
  code: Type.Literal(0),
  msg: Type.String(),
  data: IssuedTokenSchema,
});

/** The token answer. */
export type TokenEnvelope = Static<typeof TokenEnvelopeSchema>;

/** `GET /api/base/session`: the session of the token in header `token`. */
export const SessionSchema = Type.Object({
  subject: Type.String(),
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  refreshedAt: Type.String({ format: 'date-time' }),
});

/** A session as the wire shows it. */
export type SessionInfo = Static<typeof SessionSchema>;

/** `POST /api/base/logout`: the session of the token in header `token` is ended. */
export const LogoutResultSchema = Type.Object({
  revokedAt: DateTime('When the session was ended; its tokens are refused from then on'),
});

/** A logout answer's `resData`. */
export type LogoutResult = Static<typeof LogoutResultSchema>;
