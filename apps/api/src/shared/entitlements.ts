/**
 * What a user is entitled to, decided on the server in one place so that every module asks the same
 * question the same way. PRODUCT.md#vip, #roles: VIP is active only while `vip_expire` lies after the
 * server's now — never the client's clock, and an expiry exactly at now is already over.
 */
import type { Clock } from './clock.ts';

/** The account facts entitlements are decided from (a row of the member module's `users`). */
export interface Entitled {
  vipExpire: Date | null;
}

/** True while the VIP membership of `user` runs, by the server's clock. */
export function isVipActive(user: Entitled | null | undefined, clock: Clock): boolean {
  return !!user?.vipExpire && user.vipExpire.getTime() > clock.now();
}
