import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerRequests, type SignedIn, signIn } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/suite.ts';
import { MAX_ADDRESSES } from './addresses.ts';
import { addresses } from './schema.ts';

/** A valid address; `overrides` change what a test is about. */
function input(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    name: '王小明',
    phone: '13800001234',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 90 号 2 幢 301 室',
    isDefault: false,
    ...overrides,
  };
}

describe('shop address routes (shop/addresses)', () => {
  const t = useTestApp();

  const call = callerRequests(t, '/api/shop/');
  const create = async (who: SignedIn, body: Partial<AddressInput> = {}): Promise<Address> => {
    const res = await call('POST', 'addresses', who, input(body));
    expect(res.statusCode).toBe(200);
    return res.json().resData;
  };
  const listOf = async (who: SignedIn): Promise<Address[]> => {
    const res = await call('GET', 'addresses', who);
    expect(res.statusCode).toBe(200);
    return res.json().resData.list;
  };
  /** [name, isDefault] of the list, in its order. */
  const shape = async (who: SignedIn) => (await listOf(who)).map((a) => [a.name, a.isDefault]);

  it('refuses visitors and callers without a token with 401', async () => {
    const visitor = await signIn(t, 'visitor');
    for (const who of [visitor, null]) {
      for (const res of [
        await call('GET', 'addresses', who),
        await call('POST', 'addresses', who, input()),
        await call('PUT', 'addresses/1', who, input()),
        await call('DELETE', 'addresses/1', who),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('Unauthorized');
      }
    }
  });

  it('makes the first address the default, and moves the default to one saved with isDefault', async () => {
    const user = await signIn(t, 'user');
    expect(await listOf(user)).toEqual([]);
    const first = await create(user, { name: '甲' });
    expect(first).toEqual({ ...input({ name: '甲' }), id: expect.any(Number), isDefault: true });
    t.clock.advanceSeconds(1);
    const second = await create(user, { name: '乙' });
    expect(second.isDefault).toBe(false);
    expect(await shape(user)).toEqual([
      ['甲', true],
      ['乙', false],
    ]);
    t.clock.advanceSeconds(1);
    await create(user, { name: '丙', isDefault: true });
    expect(await shape(user)).toEqual([
      ['丙', true],
      ['乙', false],
      ['甲', false],
    ]);
  });

  it('trims every text and refuses blank fields, a wrong phone or a missing field with 400', async () => {
    const user = await signIn(t, 'user');
    const saved = await create(user, {
      name: '  李雷 ',
      city: ' 杭州市',
      district: '  ',
      detail: ' 文二路 1 号 ',
    });
    expect(saved).toMatchObject({ name: '李雷', city: '杭州市', district: '', detail: '文二路 1 号' });
    const { name: _name, ...withoutName } = input();
    for (const body of [
      input({ name: '   ' }),
      input({ province: ' ' }),
      input({ detail: '  号 ' }),
      input({ phone: '12800001234' }),
      input({ phone: '1380000123' }),
      input({ phone: ' 13800001234' }),
      input({ name: '名'.repeat(21) }),
      withoutName,
    ]) {
      const res = await call('POST', 'addresses', user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
    expect(await listOf(user)).toHaveLength(1);
  });

  it('replaces an address, moving the default when asked and handing it on when unticked', async () => {
    const user = await signIn(t, 'user');
    const a = await create(user, { name: '甲' });
    t.clock.advanceSeconds(1);
    const b = await create(user, { name: '乙' });
    t.clock.advanceSeconds(1);
    const c = await create(user, { name: '丙' });
    const edited = await call('PUT', `addresses/${b.id}`, user, input({ name: ' 乙改 ', isDefault: true }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().resData).toEqual({ ...input({ name: '乙改' }), id: b.id, isDefault: true });
    expect(await shape(user)).toEqual([
      ['乙改', true],
      ['丙', false],
      ['甲', false],
    ]);
    // Unticking the default hands it to the newest other address.
    const unticked = await call('PUT', `addresses/${b.id}`, user, input({ name: '乙改', isDefault: false }));
    expect(unticked.json().resData.isDefault).toBe(false);
    expect(await shape(user)).toEqual([
      ['丙', true],
      ['乙改', false],
      ['甲', false],
    ]);
    // An edit that keeps isDefault false on another address leaves the default alone.
    await call('PUT', `addresses/${a.id}`, user, input({ name: '甲改' }));
    expect((await listOf(user))[0]!.id).toBe(c.id);
  });

  it('keeps an only address the default even when unticked', async () => {
    const user = await signIn(t, 'user');
    const only = await create(user);
    const res = await call('PUT', `addresses/${only.id}`, user, input({ isDefault: false }));
    expect(res.json().resData.isDefault).toBe(true);
  });

  it('deletes an address; deleting the default makes the newest remaining one the default', async () => {
    const user = await signIn(t, 'user');
    const a = await create(user, { name: '甲' });
    t.clock.advanceSeconds(1);
    await create(user, { name: '乙' });
    t.clock.advanceSeconds(1);
    const c = await create(user, { name: '丙' });
    t.clock.advanceSeconds(1);
    const d = await create(user, { name: '丁' });
    expect((await call('DELETE', `addresses/${c.id}`, user)).json().resData).toEqual({ id: c.id });
    expect(await shape(user)).toEqual([
      ['甲', true],
      ['丁', false],
      ['乙', false],
    ]);
    const res = await call('DELETE', `addresses/${a.id}`, user);
    expect(res.statusCode).toBe(200);
    expect(await shape(user)).toEqual([
      ['丁', true],
      ['乙', false],
    ]);
    expect((await call('DELETE', `addresses/${a.id}`, user)).statusCode).toBe(404);
    await call('DELETE', `addresses/${d.id}`, user);
    const [last] = await listOf(user);
    await call('DELETE', `addresses/${last!.id}`, user);
    expect(await listOf(user)).toEqual([]);
  });

  it("answers another buyer's address as 404 and leaves it untouched", async () => {
    const owner = await signIn(t, 'user');
    const other = await signIn(t, 'user');
    const mine = await create(owner, { name: '本人' });
    expect(await listOf(other)).toEqual([]);
    const put = await call('PUT', `addresses/${mine.id}`, other, input({ name: '篡改', isDefault: true }));
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('NotFound');
    expect((await call('DELETE', `addresses/${mine.id}`, other)).statusCode).toBe(404);
    expect(await listOf(owner)).toEqual([mine]);
    // The other buyer's own first address is their default; the owner's stays theirs.
    await create(other);
    expect((await listOf(owner))[0]!.isDefault).toBe(true);
    expect((await call('PUT', 'addresses/2000000000', owner, input())).statusCode).toBe(404);
    expect((await call('PUT', 'addresses/2147483648', owner, input())).statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const user = await signIn(t, 'user');
    for (let i = 0; i < MAX_ADDRESSES; i++) await create(user, { name: `收件人${i}` });
    const res = await call('POST', 'addresses', user, input());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ValidationError');
    expect(await listOf(user)).toHaveLength(MAX_ADDRESSES);
  });

  it('keeps exactly one default and the limit when one buyer saves several at once', async () => {
    const user = await signIn(t, 'user');
    const saved = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', 'addresses', user, input({ name: `并发${i}`, isDefault: i % 2 === 0 })),
      ),
    );
    expect(saved.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const defaults = await t.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, user.userId!), eq(addresses.isDefault, true)));
    expect(defaults).toHaveLength(1);
    for (let i = 6; i < MAX_ADDRESSES - 2; i++) await create(user, { name: `收件人${i}` });
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', 'addresses', user, input())),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    expect(await listOf(user)).toHaveLength(MAX_ADDRESSES);
    // Moving the default from several requests at once still leaves one.
    const list = await listOf(user);
    await Promise.all(
      list
        .slice(0, 5)
        .map((a) => call('PUT', `addresses/${a.id}`, user, input({ name: a.name, isDefault: true }))),
    );
    expect((await listOf(user)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});
