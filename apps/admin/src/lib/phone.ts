/**
 * The app's phone rule (an 11-digit mainland mobile number). The contract's constant lives in a
 * TypeBox module the console does not bundle; its literal type makes this copy fail to compile the
 * day the contract's pattern changes.
 */
import type { PHONE_PATTERN as CONTRACT_PHONE_PATTERN } from '@xuanli/contracts/member';

const PHONE_PATTERN: typeof CONTRACT_PHONE_PATTERN = '^1[3-9]\\d{9}$';

/** Matches a phone number the API accepts. */
export const PHONE_REGEX = new RegExp(PHONE_PATTERN);
