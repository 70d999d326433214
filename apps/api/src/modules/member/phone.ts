/**
 * Mainland mobile numbers (accounts are by phone, PRODUCT.md#account): the format check and the masked form
 * the wire shows.
 */
import { PHONE_PATTERN } from '@xuanli/contracts/member';

const PHONE = new RegExp(PHONE_PATTERN);

/** True for an 11-digit mainland mobile number: 1, then 3–9, then nine digits. */
export function isPhone(value: string): boolean {
  return PHONE.test(value);
}

/** '13800138000' → '138****8000'; anything not a full number (a deleted account's null) → ''. */
export function maskPhone(phone: string | null): string {
  return phone && isPhone(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '';
}
