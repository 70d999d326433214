/**
 * The reason an operator gives for a change, as the audit trail keeps it.
 */
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '@xuanli/contracts/admin-labels';
import { AppError } from './errors.ts';

/** `text` trimmed, refused with ValidationError unless it still has 2–200 characters. */
export function reasonOf(text: string): string {
  const reason = text.trim();
  if (reason.length < ADMIN_REASON_MIN || reason.length > ADMIN_REASON_MAX) {
    throw new AppError(
      'ValidationError',
      `reason must be ${ADMIN_REASON_MIN}–${ADMIN_REASON_MAX} characters`,
    );
  }
  return reason;
}
