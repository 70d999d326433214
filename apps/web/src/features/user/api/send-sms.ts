/**
 * `POST crm/member/sms {phone}` (accounts wire): asks for a 6-digit login code by SMS. The answer is
 * the same whether or not the phone has an account; `resendAfter` (60 s) starts the resend countdown.
 * A visitor calls it, so it goes through the plain client, not `memberRequest`.
 */
import { useMutation } from '@tanstack/react-query';
import type { SmsBody, SmsResult } from '@xuanli/contracts/member';
import { APP_ROUTES, api } from '@/lib/api';

/** Path of the call. */
export const SMS_PATH = '/crm/member/sms';

/** Sends a login code to `phone`. */
export function sendSms(phone: string): Promise<SmsResult> {
  const body: SmsBody = { phone };
  return api.call(APP_ROUTES.member.postSms, { body });
}

/** Mutation sending a login code. */
export function useSendSms() {
  return useMutation({ mutationFn: sendSms });
}
