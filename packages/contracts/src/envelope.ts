/**
 * The envelopes every answer is wrapped in (PRODUCT.md#paths, #errors): success `{code: 0, msg, resData}`,
 * failure `{code, msg}` with a code of the vocabulary in errors.ts.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './errors.ts';

/** `{code, msg}` of every failure. */
export const ErrorEnvelopeSchema = Type.Object(
  {
    code: Type.Enum(ERROR_CODES as ErrorCode[]),
    msg: Type.String(),
    field: Type.Optional(
      Type.String({
        description:
          "With ValidationError: the refused field of the body, query or path, e.g. 'nickname' or 'items.0.qty' (a form shows the message beside it)",
      }),
    ),
  },
  { description: 'Failure envelope (PRODUCT.md#errors); `code` names the error, `msg` is for developers' },
);

/** A failure envelope. */
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

const envelopes = new WeakMap<TSchema, TSchema>();

/**
 * Success envelope `{code: 0, msg: 'ok', resData}` around `data`: the same object for the same `data`,
 * so that a server compiles each answer's serializer once however many apps it builds
 * (apps/api plugins/shared-compilers.ts).
 */
export function okEnvelopeSchema<T extends TSchema>(data: T) {
  const known = envelopes.get(data) as ReturnType<typeof envelopeOf<T>> | undefined;
  if (known) return known;
  const envelope = envelopeOf(data);
  envelopes.set(data, envelope);
  return envelope;
}

function envelopeOf<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Literal(0), msg: Type.String(), resData: data });
}

/** A success envelope around `T`. */
export interface OkEnvelope<T> {
  code: 0;
  msg: string;
  resData: T;
}

/** Failure answers every route may give, for the OpenAPI document and serialization. */
export const errorResponses = {
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
} as const;
