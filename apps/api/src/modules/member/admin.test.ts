import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, testPhone } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';
import { grantVip, revokeVip, showVip } from './admin.ts';

const DAY = 86_400_000;

describe('operator VIP actions', () => {
  const t = useTestApp();
  const deps = () => ({ db: t.database.db, clock: t.clock, actor: 'ops@host' });

  it('grants days from now to a user who is not VIP, and from the expiry to one who is', async () => {
    const plain = testPhone();
    await signIn(t, 'user', plain);
    expect(await grantVip(deps(), plain, 30, '微信转账')).toMatchObject({
      vipExpire: new Date(FIXED_NOW + 30 * DAY).toISOString(),
      isVip: true,
    });
    expect((await grantVip(deps(), plain, 5)).vipExpire).toBe(new Date(FIXED_NOW + 35 * DAY).toISOString());

    const lapsed = testPhone();
    await signIn(t, 'expiredVip', lapsed);
    // Days already past are not counted: the grant starts now, not at the old expiry.
    expect((await grantVip(deps(), lapsed, 1)).vipExpire).toBe(new Date(FIXED_NOW + DAY).toISOString());
  });

  it('revokes at once, and shows the state', async () => {
    const phone = testPhone();
    await signIn(t, 'vip', phone);
    expect((await showVip(deps(), phone)).isVip).toBe(true);
    expect(await revokeVip(deps(), phone, 'refund')).toMatchObject({ vipExpire: null, isVip: false });
    expect((await showVip(deps(), phone)).phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  });

  it('writes an audit row per change: who, what, to whom, when, before and after', async () => {
    const phone = testPhone();
    const { userId } = await signIn(t, 'user', phone);
    await grantVip(deps(), phone, 7, '活动赠送');
    await revokeVip(deps(), phone);
    await showVip(deps(), phone);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`));
    expect(rows.map((row) => row.action)).toEqual(['vip.grant', 'vip.revoke']);
    expect(rows[0]).toMatchObject({ actor: 'ops@host', operatorId: null, at: new Date(FIXED_NOW) });
    expect(rows[0]).toMatchObject({
      before: { vipExpire: null },
      after: { vipExpire: new Date(FIXED_NOW + 7 * DAY).toISOString(), days: 7 },
      detail: '活动赠送',
    });
    expect(rows[1]).toMatchObject({
      before: { vipExpire: new Date(FIXED_NOW + 7 * DAY).toISOString() },
      after: { vipExpire: null },
    });
    expect(JSON.stringify(rows)).not.toContain(phone);
  });

  it('refuses an unknown phone, a malformed one and days out of range, changing nothing', async () => {
    await expect(grantVip(deps(), testPhone(), 30)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(grantVip(deps(), '12345', 30)).rejects.toMatchObject({ code: 'InvalidPhone' });
    const phone = testPhone();
    await signIn(t, 'user', phone);
    for (const days of [0, -1, 1.5, 3651]) {
      await expect(grantVip(deps(), phone, days)).rejects.toMatchObject({ code: 'ValidationError' });
    }
    expect((await showVip(deps(), phone)).vipExpire).toBeNull();
  });

  it('adds up two grants racing each other', async () => {
    const phone = testPhone();
    await signIn(t, 'user', phone);
    await Promise.all([grantVip(deps(), phone, 10), grantVip(deps(), phone, 20)]);
    expect((await showVip(deps(), phone)).vipExpire).toBe(new Date(FIXED_NOW + 30 * DAY).toISOString());
  });
});
