/**
 * Shared response contracts (TypeBox → JSON Schema): the SPEC §7–8 envelopes every route answers
 * with, declared once so that the OpenAPI document shows them and serialization enforces them.
 */
import { type TSchema, Type } from 'typebox';
import { ERROR_STATUS } from './errors.ts';

/** `{code, msg}` of every failure; `code` is one of the {@link ERROR_STATUS} names. */
export const ErrorEnvelopeSchema = Type.Object(
  {
    code: Type.Enum(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]),
    msg: Type.String(),
  },
  { description: 'Failure envelope (SPEC §8)' },
);

/** Success envelope `{code: 0, msg: 'ok', resData}` around `data`. */
export function okEnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Literal(0), msg: Type.String(), resData: data });
}

/** Builds the success envelope a handler returns. */
export function ok<T>(resData: T): { code: 0; msg: string; resData: T } {
  return { code: 0, msg: 'ok', resData };
}

/** Failure responses every route may give, for the OpenAPI document. */
export const errorResponses = {
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
} as const;
