/** The members web tests log in as, or have the fake API answer as a profile. */
import type { Profile } from '@xuanli/contracts/member';

/** A member as the wire sends it (masked phone, no VIP, no password unless overridden). */
export function member(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    phone: '138****0000',
    nickname: '玄历用户0000',
    avatar: '',
    vip_expire: null,
    isVip: false,
    hasPassword: false,
    ...overrides,
  };
}

/** A VIP member: `vip_expire` a year after now (the test's clock), unless overridden. */
export function vipMember(overrides: Partial<Profile> = {}): Profile {
  return member({
    vip_expire: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    isVip: true,
    ...overrides,
  });
}
