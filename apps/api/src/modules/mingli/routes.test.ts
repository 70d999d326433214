/**
 * The case book's routes: save, list, change and delete one's own profiles; search in Chinese (case
 * and width do not matter); groups; the 500-profile limit, also under parallel saves; one account
 * never reaches another's; a profile sent twice under one clientId is kept once and the last write
 * wins by its time.
 */
import type { MingliProfile, MingliProfileInput } from '@xuanli/contracts/mingli';
import { MINGLI_LIMITS } from '@xuanli/contracts/mingli-labels';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { callerRequests, type SignedIn, signIn } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';
import { checkedProfile } from './profile-checks.ts';
import { columnsOf } from './profiles.ts';
import { mingliProfiles } from './schema.ts';

const URL = '/api/crm/bazi/profiles';

/** A valid profile; `overrides` change what a test is about. */
function input(overrides: Partial<MingliProfileInput> = {}): MingliProfileInput {
  return { name: '张三', sex: '男', born: '公 1990-05-10 08:00', ...overrides };
}

describe('crm/bazi/profiles (命例 on the server)', () => {
  const t = useTestApp();
  beforeEach(() => t.clock.set(FIXED_NOW));

  const call = callerRequests(t, URL);
  const save = async (who: SignedIn, body: Partial<MingliProfileInput> = {}): Promise<MingliProfile> => {
    const res = await call('POST', '', who, input(body));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData;
  };
  const names = async (who: SignedIn, query: Record<string, string> = {}): Promise<string[]> => {
    const res = await call('GET', '', who, undefined, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData.list.map((p: MingliProfile) => p.name);
  };

  it('saves a profile with every field and answers it with its id; the list has it', async () => {
    const me = await signIn(t, 'user');
    const body = input({
      clientId: 'p-1736900000000-ab12',
      options: {
        zi: 'early',
        yunSchool: 1,
        trueSolar: true,
        province: '广东',
        city: '广州',
        hourUnknown: false,
      },
      group: '客户',
      note: '  丙午年问事业  ',
      events: [
        { date: '2015-10-01', text: ' 婚 ' },
        { date: '2018-03-20', text: '子' },
      ],
    });
    const saved = await save(me, body);
    const at = new Date(FIXED_NOW).toISOString();
    // What was sent, its texts trimmed.
    expect(saved).toEqual({
      id: expect.any(Number),
      ...body,
      note: '丙午年问事业',
      events: [
        { date: '2015-10-01', text: '婚' },
        { date: '2018-03-20', text: '子' },
      ],
      createdAt: at,
      updatedAt: at,
    });
    const list = (await call('GET', '', me)).json().resData;
    expect(list).toEqual({ list: [saved], total: 1 });
  });

  it('fills in the defaults: group 其他, no note, no events, no options, no clientId', async () => {
    const me = await signIn(t, 'user');
    const saved = await save(me, { name: '  李四 ', born: ' 农 1979-06(闰)-15 14:30 ', sex: '女' });
    expect(saved).toMatchObject({
      clientId: null,
      name: '李四',
      sex: '女',
      born: '农 1979-06(闰)-15 14:30',
      options: {},
      group: '其他',
      note: '',
      events: [],
    });
  });

  it('drops option fields it does not know', async () => {
    const me = await signIn(t, 'user');
    const saved = await save(me, { options: { zi: 'late', colour: 'red' } as MingliProfileInput['options'] });
    expect(saved.options).toEqual({ zi: 'late' });
  });

  it('lists newest change first, pages with the common page query and counts all matches', async () => {
    const me = await signIn(t, 'user');
    for (const name of ['甲', '乙', '丙', '丁', '戊']) {
      await save(me, { name });
      t.clock.advanceSeconds(1);
    }
    expect(await names(me)).toEqual(['戊', '丁', '丙', '乙', '甲']);
    const page2 = (await call('GET', '', me, undefined, { page: '2', size: '2' })).json().resData;
    expect(page2.list.map((p: MingliProfile) => p.name)).toEqual(['丙', '乙']);
    expect(page2.total).toBe(5);
    // A change moves the profile to the top.
    const [jia] = (await call('GET', '', me, undefined, { q: '甲' })).json().resData.list;
    t.clock.advanceSeconds(1);
    expect((await call('PATCH', `/${jia.id}`, me, { note: '改' })).statusCode).toBe(200);
    expect((await names(me))[0]).toBe('甲');
  });

  it('searches the name and the note for Chinese words, whatever their case and width', async () => {
    const me = await signIn(t, 'user');
    await save(me, { name: '王小明', note: '丙午年问婚姻，Ｍａｒｒｉａｇｅ 合婚' });
    await save(me, { name: '李雷', note: '开公司，问财运' });
    await save(me, { name: 'Zhang San', note: '' });
    await save(me, { name: '韩梅梅', note: '王家的表亲' });
    expect(await names(me, { q: '小明' })).toEqual(['王小明']);
    // A Chinese substring of the note.
    expect((await names(me, { q: '财运' })).sort()).toEqual(['李雷']);
    // Found in one's name and in another's note.
    expect((await names(me, { q: '王' })).sort()).toEqual(['王小明', '韩梅梅'].sort());
    // Full-width and upper case in the stored text, half-width lower case in the query, and back.
    expect(await names(me, { q: 'marriage' })).toEqual(['王小明']);
    expect(await names(me, { q: 'ＺＨＡＮＧ' })).toEqual(['Zhang San']);
    // Every word must occur; words may be in the name and the note.
    expect(await names(me, { q: '王小明 合婚' })).toEqual(['王小明']);
    expect(await names(me, { q: '王小明 财运' })).toEqual([]);
    // Nothing matches across the name and the note.
    expect(await names(me, { q: '雷开' })).toEqual([]);
    // Pattern characters are plain text.
    expect(await names(me, { q: '%' })).toEqual([]);
    expect(await names(me, { q: '_' })).toEqual([]);
    const res = await call('GET', '', me, undefined, { q: '财运' });
    expect(res.json().resData.total).toBe(1);
  });

  it('files profiles under the five groups and filters by one, with the search', async () => {
    const me = await signIn(t, 'user');
    await save(me, { name: '妈妈', group: '家人' });
    await save(me, { name: '老王', group: '朋友', note: '同事' });
    await save(me, { name: '王总', group: '客户' });
    await save(me, { name: '毛泽东', group: '名人' });
    await save(me, { name: '无名' });
    expect(await names(me, { group: '家人' })).toEqual(['妈妈']);
    expect(await names(me, { group: '其他' })).toEqual(['无名']);
    expect(await names(me, { group: '客户', q: '王' })).toEqual(['王总']);
    expect(await names(me, { group: '朋友', q: '同事' })).toEqual(['老王']);
    const refused = await call('GET', '', me, undefined, { group: '同学' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ValidationError', field: 'group' });
    expect((await call('POST', '', me, input({ group: '同学' as '家人' }))).statusCode).toBe(400);
  });

  it('changes only the fields given, moves the profile to another group, and deletes it', async () => {
    const me = await signIn(t, 'user');
    const saved = await save(me, {
      group: '朋友',
      note: '老同学',
      events: [{ date: '2020-01-01', text: '迁' }],
    });
    t.clock.advanceSeconds(60);
    const res = await call('PATCH', `/${saved.id}`, me, { group: '家人', events: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toEqual({
      ...saved,
      group: '家人',
      events: [],
      updatedAt: new Date(FIXED_NOW + 60_000).toISOString(),
    });
    const deleted = await call('DELETE', `/${saved.id}`, me);
    expect(deleted.json()).toEqual({ code: 0, msg: 'ok', resData: { id: saved.id } });
    expect(await names(me)).toEqual([]);
    expect((await call('DELETE', `/${saved.id}`, me)).statusCode).toBe(404);
    expect((await call('PATCH', `/${saved.id}`, me, { note: 'x' })).statusCode).toBe(404);
  });

  it('checks a changed birthplace together with the stored birth', async () => {
    const me = await signIn(t, 'user');
    const saved = await save(me);
    const res = await call('PATCH', `/${saved.id}`, me, { options: { timeZone: 'Mars/Olympus' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WRONG_OPTION');
    expect((await call('GET', '', me)).json().resData.list[0].options).toEqual({});
  });

  it('keeps each account its own: another account lists, changes and deletes none of it (404)', async () => {
    const me = await signIn(t, 'user');
    const other = await signIn(t, 'vip');
    const mine = await save(me, { name: '我的' });
    expect(await names(other)).toEqual([]);
    expect(await names(other, { q: '我的' })).toEqual([]);
    for (const res of [
      await call('PATCH', `/${mine.id}`, other, { name: '偷改' }),
      await call('DELETE', `/${mine.id}`, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NotFound');
    }
    expect(await names(me)).toEqual(['我的']);
    // The same clientId in two accounts is two profiles.
    await save(me, { clientId: 'shared-id', name: '甲' });
    await save(other, { clientId: 'shared-id', name: '乙' });
    expect(await names(me)).toContain('甲');
    expect(await names(other)).toEqual(['乙']);
  });

  it('refuses visitors and callers without a token before reading the body', async () => {
    const visitor = await signIn(t, 'visitor');
    for (const who of [visitor, null]) {
      for (const res of [
        await call('GET', '', who),
        await call('POST', '', who, { nonsense: true }),
        await call('PATCH', '/1', who, { name: 1 }),
        await call('DELETE', '/1', who),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('Unauthorized');
      }
    }
  });

  describe('refuses what cannot be kept, in Chinese, and keeps nothing', () => {
    it.each([
      ['a birth text that does not parse', 'WRONG_BIRTH_TEXT', { born: '昨天' }],
      ['a day the month lacks', 'WRONG_SOLAR_DAY', { born: '公 1990-02-30 08:00' }],
      ['a leap month the year lacks', 'WRONG_LUNAR_MONTH', { born: '农 1990-04(闰)-07 08:00' }],
      ['a year outside 1900–2100', 'OUT_OF_RANGE', { born: '公 1850-05-10 08:00' }],
      ['an unknown zone', 'WRONG_OPTION', { options: { timeZone: 'Mars/Olympus' } }],
      ['a wrong sex', 'ValidationError', { sex: '未知' as '男' }],
      ['a blank name', 'ValidationError', { name: '   ' }],
      ['a name of 21 characters', 'ValidationError', { name: '名'.repeat(21) }],
      ['a note of 501 characters', 'ValidationError', { note: '记'.repeat(501) }],
      [
        'an event text of 41 characters',
        'ValidationError',
        { events: [{ date: '2020-01-01', text: '事'.repeat(41) }] },
      ],
      ['an empty event text', 'ValidationError', { events: [{ date: '2020-01-01', text: ' ' }] }],
      [
        'an event on a day that does not exist',
        'ValidationError',
        { events: [{ date: '2021-02-29', text: '婚' }] },
      ],
      ['an event date of another shape', 'ValidationError', { events: [{ date: '2021/02/01', text: '婚' }] }],
      [
        '51 events',
        'ValidationError',
        { events: Array.from({ length: 51 }, () => ({ date: '2020-01-01', text: '病' })) },
      ],
      ['a clientId with other characters', 'ValidationError', { clientId: 'a b' }],
    ])('%s → 400 %s', async (_label, code, overrides) => {
      const me = await signIn(t, 'user');
      const res = await call('POST', '', me, input(overrides as Partial<MingliProfileInput>));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await names(me)).toEqual([]);
    });

    it('takes the limits themselves: 20-character names, 500-character notes, 50 events of 40', async () => {
      const me = await signIn(t, 'user');
      const saved = await save(me, {
        name: '名'.repeat(MINGLI_LIMITS.name),
        note: '记'.repeat(MINGLI_LIMITS.note),
        events: Array.from({ length: MINGLI_LIMITS.events }, () => ({
          date: '2100-12-31',
          text: '事'.repeat(MINGLI_LIMITS.eventText),
        })),
      });
      expect(saved.events).toHaveLength(50);
    });

    it('says which event is wrong', async () => {
      const me = await signIn(t, 'user');
      const res = await call(
        'POST',
        '',
        me,
        input({
          events: [
            { date: '2020-01-01', text: '婚' },
            { date: '2023-02-29', text: '子' },
          ],
        }),
      );
      expect(res.json()).toEqual({
        code: 'ValidationError',
        msg: '第 2 个事件的日期不存在，请选 1900 到 2100 年间的日期',
      });
    });
  });

  describe('the 500-profile limit', () => {
    /** Fills `who`'s book to `n` profiles straight in the table (the routes are tested above). */
    async function fill(who: SignedIn, n: number) {
      const profile = checkedProfile(input());
      const at = new Date(FIXED_NOW);
      const rows = Array.from({ length: n }, (_, i) => ({
        ...columnsOf({ ...profile, name: `满${i}` }),
        userId: who.userId as number,
        clientId: null,
        createdAt: at,
        updatedAt: at,
      }));
      await t.database.db.insert(mingliProfiles).values(rows);
    }
    const countOf = async (who: SignedIn) =>
      (await t.database.db.select().from(mingliProfiles).where(eq(mingliProfiles.userId, who.userId!)))
        .length;

    it('takes the 500th profile and refuses the 501st with a Chinese 409', async () => {
      const me = await signIn(t, 'user');
      await fill(me, MINGLI_LIMITS.profiles - 1);
      await save(me, { name: '第五百' });
      const res = await call('POST', '', me, input({ name: '第五百零一' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'Conflict',
        msg: '命例最多保存 500 个，请先删除不再需要的命例',
      });
      expect(await countOf(me)).toBe(500);
      // A full book still changes, and a known clientId is still answered.
      const [first] = (await call('GET', '', me, undefined, { size: '1' })).json().resData.list;
      expect((await call('PATCH', `/${first.id}`, me, { note: '满了也能改' })).statusCode).toBe(200);
      // Another account is not full.
      const other = await signIn(t, 'user');
      await save(other);
    });

    it('never passes 500 when saves of one account race', async () => {
      const me = await signIn(t, 'user');
      await fill(me, MINGLI_LIMITS.profiles - 3);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('POST', '', me, input({ name: `抢${i}` }))),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
      expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
      expect(await countOf(me)).toBe(500);
    });
  });

  describe('a phone sends its own id and the time of each change', () => {
    it('keeps a profile sent twice under one clientId once', async () => {
      const me = await signIn(t, 'user');
      const body = input({ clientId: 'phone-a-1', updatedAt: new Date(FIXED_NOW - 60_000).toISOString() });
      const first = await save(me, body);
      const again = await save(me, body);
      expect(again).toEqual(first);
      const parallel = await Promise.all(
        [1, 2, 3].map(() => call('POST', '', me, input({ clientId: 'phone-a-2' }))),
      );
      expect(parallel.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect((await names(me)).filter((name) => name === '张三')).toHaveLength(2);
    });

    it('lets the last write win by its time: an older one answers the stored profile unchanged', async () => {
      const me = await signIn(t, 'user');
      const minute = (m: number) => new Date(FIXED_NOW - 10 * 60_000 + m * 60_000).toISOString();
      const saved = await save(me, { clientId: 'phone-b-1', note: '第一版', updatedAt: minute(1) });
      // Phone B edited at minute 3 and sent first; phone A's edit of minute 2 arrives after it.
      const newer = await call('PATCH', `/${saved.id}`, me, { note: 'B 的修改', updatedAt: minute(3) });
      expect(newer.json().resData).toMatchObject({ note: 'B 的修改', updatedAt: minute(3) });
      const older = await call('PATCH', `/${saved.id}`, me, { note: 'A 的修改', updatedAt: minute(2) });
      expect(older.statusCode).toBe(200);
      expect(older.json().resData).toMatchObject({ note: 'B 的修改', updatedAt: minute(3) });
      // The same through POST with the clientId.
      const stale = await save(me, { clientId: 'phone-b-1', note: 'A 重发', updatedAt: minute(2) });
      expect(stale.note).toBe('B 的修改');
      const later = await save(me, { clientId: 'phone-b-1', note: 'A 最新', updatedAt: minute(4) });
      expect(later).toMatchObject({ id: saved.id, note: 'A 最新', updatedAt: minute(4) });
    });

    it('counts a time ahead of the server as now, so a fast clock cannot win every later write', async () => {
      const me = await signIn(t, 'user');
      const future = new Date(FIXED_NOW + 365 * 86_400_000).toISOString();
      const saved = await save(me, { clientId: 'fast-clock', updatedAt: future });
      expect(saved.updatedAt).toBe(new Date(FIXED_NOW).toISOString());
      t.clock.advanceSeconds(5);
      const res = await call('PATCH', `/${saved.id}`, me, { note: '五秒后' });
      expect(res.json().resData.note).toBe('五秒后');
    });
  });
});
