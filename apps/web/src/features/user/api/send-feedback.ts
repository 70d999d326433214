/**
 * `POST crm/feedback {content, rating, images, contact?}` (意见反馈, upload wire): stored for the
 * operators. Logged-in users only; images are URLs answered by `base/upload` with purpose `feedback`.
 */
import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackResult } from '@xuanli/contracts/upload';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Path of the call. */
export const FEEDBACK_PATH = '/crm/feedback';

/** Sends one feedback; resolves with its id. */
export function sendFeedback(body: FeedbackBody): Promise<FeedbackResult> {
  return memberCall(APP_ROUTES.content.postFeedback, { body });
}

/** Mutation sending feedback. */
export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
