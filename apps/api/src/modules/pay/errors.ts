/**
 * The pay module's refusals in the wire's vocabulary (packages/contracts/src/errors.ts).
 */
import { AppError } from '../../shared/errors.ts';

/** 502 `PaymentChannelError`: a provider refused, failed or did not answer. The message names no secret. */
export function channelError(message: string): AppError {
  return new AppError('PaymentChannelError', message);
}
