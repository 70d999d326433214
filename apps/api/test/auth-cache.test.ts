/**
 * The reuse of verified sessions and user rows (AUTH_CACHE_SECONDS, shared/ttl-cache.ts): writes
 * through the app take effect on the very next request; a change made behind the app's back (another
 * API process, `npm run admin`) is announced by the database's change notices and seen at once — and
 * where the notices do not arrive, within the configured seconds and not honoured longer.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/member/testing-tables.ts';
import { sessions } from '../src/modules/sessions/testing-tables.ts';
import { signIn } from './accounts.ts';
import type { TestApp } from './build.ts';
import { signInOperator } from './operators.ts';
import { useTestApp } from './suite.ts';

/**
 * The requests these tests make with a session: the profile (any user's), a 定制 reading (a VIP's),
 * and both statuses at once, the reading's first.
 */
function sessionRequests(t: TestApp) {
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/crm/member/profile', headers: { token } });
  const fortune = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/bln.Suan/dingzhi',
      headers: { token },
      payload: { bazi: { name: '张三', sex: '男', born: '公 1990-05-10 08:00' }, yunType: 'caiyun' },
    });
  const statuses = async (token: string) => [
    (await fortune(token)).statusCode,
    (await profile(token)).statusCode,
  ];
  return { profile, fortune, statuses };
}

/** What a ban made in another process writes (the user banned, their sessions ended), behind this app's caches. */
async function banBehindTheApp(t: TestApp, userId: number): Promise<void> {
  const at = new Date(t.clock.now());
  await t.database.db
    .update(users)
    .set({ bannedAt: at, banReason: '账号被盗用' })
    .where(eq(users.id, userId));
  await t.database.db.update(sessions).set({ revokedAt: at }).where(eq(sessions.userId, userId));
}

describe('auth cache (AUTH_CACHE_SECONDS = 2)', () => {
  const t = useTestApp({ config: { authCacheSeconds: 2 } });
  const { profile, fortune, statuses } = sessionRequests(t);

  it('ends a session at once on logout and on deletion through the app', async () => {
    const a = await signIn(t, 'user');
    expect((await profile(a.token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/crm/member/logout', headers: { token: a.token } });
    expect((await profile(a.token)).statusCode).toBe(401);

    const b = await signIn(t, 'vip');
    expect((await fortune(b.token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/delete',
      headers: { token: b.token },
      payload: {},
    });
    expect((await profile(b.token)).statusCode).toBe(401);
    expect((await fortune(b.token)).statusCode).toBe(401);
  });

  it("ends a banned user's sessions at once when the ban goes through this process", async () => {
    const a = await signIn(t, 'vip');
    expect(await statuses(a.token)).toEqual([200, 200]);
    const operator = await signInOperator(t, 'support');
    const ban = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/ban',
      headers: operator.headers,
      payload: { userId: a.userId, reason: '账号被盗用' },
    });
    expect(ban.statusCode).toBe(200);
    expect(await statuses(a.token)).toEqual([401, 401]);
  });

  it('refuses a ban made by another process as soon as its change notice arrives', async () => {
    const a = await signIn(t, 'vip');
    expect(await statuses(a.token)).toEqual([200, 200]);
    await banBehindTheApp(t, a.userId!);
    // No time passes on the app's clock: only the notice can have dropped the entries.
    await refusedWithin(1000, () => fortune(a.token));
    expect((await profile(a.token)).statusCode).toBe(401);
  });

  it('shows a profile edit on the next read', async () => {
    const a = await signIn(t, 'user');
    await profile(a.token);
    await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/profile',
      headers: { token: a.token },
      payload: { nickname: '新名字' },
    });
    expect((await profile(a.token)).json().resData.nickname).toBe('新名字');
  });

  it('sees a VIP ended behind its back as soon as the change notice arrives', async () => {
    const a = await signIn(t, 'vip');
    expect((await fortune(a.token)).statusCode).toBe(200);
    // Another process (or `npm run admin -- vip revoke`) ends the VIP directly in the database.
    await t.database.db.update(users).set({ vipExpire: null }).where(eq(users.id, a.userId!));
    const answer = await refusedWithin(1000, () => fortune(a.token));
    expect(answer.statusCode).toBe(403);
  });
});

/** Polls `request` until it is refused (4xx), at most `ms` of real time; answers that refusal. */
async function refusedWithin(ms: number, request: () => Promise<{ statusCode: number }>) {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await request();
    if (answer.statusCode >= 400 || Date.now() > until) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('auth cache without change notices (AUTH_CACHE_SECONDS = 2)', () => {
  const t = useTestApp({ config: { authCacheSeconds: 2 }, links: false });
  const { fortune, statuses } = sessionRequests(t);

  it('honours a ban made by another process for at most the configured seconds', async () => {
    const a = await signIn(t, 'vip');
    expect((await fortune(a.token)).statusCode).toBe(200);
    await banBehindTheApp(t, a.userId!);
    expect((await fortune(a.token)).statusCode).toBe(200);
    t.clock.advanceSeconds(2);
    expect(await statuses(a.token)).toEqual([401, 401]);
  });

  it('honours a change made behind its back for at most the configured seconds', async () => {
    const a = await signIn(t, 'vip');
    expect((await fortune(a.token)).statusCode).toBe(200);
    // Another process ends the VIP and the session directly in the database.
    await t.database.db.update(users).set({ vipExpire: null }).where(eq(users.id, a.userId!));
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(t.clock.now()) })
      .where(eq(sessions.userId, a.userId!));
    expect((await fortune(a.token)).statusCode).toBe(200);
    t.clock.advanceSeconds(2);
    expect(await statuses(a.token)).toEqual([401, 401]);
  });
});
