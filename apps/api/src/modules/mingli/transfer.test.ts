/**
 * Export and import of the case book: the file carries every profile and imports into another account
 * as it was; a second import of it saves nothing and counts what it skipped; a malformed file, or one
 * wrong entry among good ones, is refused naming the entry and saves nothing; a file that would pass
 * 500 profiles saves nothing; a full book's file (far over the API's usual 64 KB body) is taken.
 */
import {
  MINGLI_FILE_FORMAT,
  MINGLI_LIMITS,
  type MingliFile,
  type MingliProfile,
  type MingliProfileInput,
} from '@xuanli/contracts/mingli';
import { beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';

const URL = '/api/crm/bazi/profiles';

describe('crm/bazi/profiles/export and /import', () => {
  const t = useTestApp();
  beforeEach(() => t.clock.set(FIXED_NOW));

  const save = async (who: SignedIn, body: Partial<MingliProfileInput>): Promise<MingliProfile> => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { token: who.token },
      payload: { name: '张三', sex: '男', born: '公 1990-05-10 08:00', ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData;
  };
  const exportOf = (who: SignedIn) =>
    t.app.inject({ method: 'GET', url: `${URL}/export`, headers: { token: who.token } });
  const importInto = (who: SignedIn, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${URL}/import`,
      headers: { token: who.token, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const listOf = async (who: SignedIn): Promise<MingliProfile[]> => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?size=100`, headers: { token: who.token } });
    return res.json().resData.list;
  };
  /** A profile without what another account gives it anew (ids and times). */
  const content = ({ id: _i, clientId: _c, createdAt: _a, updatedAt: _u, ...rest }: MingliProfile) => rest;

  /** A small book: three profiles of different groups, one with a note and events. */
  async function smallBook(who: SignedIn) {
    await save(who, { name: '妈妈', sex: '女', born: '农 1962-08-15 06:00', group: '家人' });
    t.clock.advanceSeconds(1);
    await save(who, {
      name: '王总',
      group: '客户',
      note: '问开业吉日',
      events: [
        { date: '2024-03-08', text: '开业' },
        { date: '2025-01-01', text: '迁' },
      ],
      options: { zi: 'early', province: '香港', city: '香港', timeZone: 'Asia/Hong_Kong' },
    });
    t.clock.advanceSeconds(1);
    await save(who, {
      name: '自己',
      born: '公 1990-05-10 08:00',
      options: { trueSolar: true, longitude: 116.4 },
    });
  }

  it('exports the whole book as a versioned file, newest first, to be saved under a dated name', async () => {
    const me = await signIn(t, 'user');
    await smallBook(me);
    const res = await exportOf(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('玄历命例-20260115.json')}`,
    );
    const file: MingliFile = res.json();
    expect(file).toMatchObject({ format: 'xuanli-mingli', version: 1, exportedAt: expect.any(String) });
    expect(file.profiles.map((p) => p.name)).toEqual(['自己', '王总', '妈妈']);
    expect(file.profiles[1]).toEqual({
      name: '王总',
      sex: '男',
      born: '公 1990-05-10 08:00',
      options: { zi: 'early', province: '香港', city: '香港', timeZone: 'Asia/Hong_Kong' },
      group: '客户',
      note: '问开业吉日',
      events: [
        { date: '2024-03-08', text: '开业' },
        { date: '2025-01-01', text: '迁' },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Nothing of another account, no ids.
    expect(JSON.stringify(file)).not.toMatch(/"id"|clientId/);
    const empty = (await exportOf(await signIn(t, 'user'))).json();
    expect(empty.profiles).toEqual([]);
  });

  it('imports a file into another account as it was, then skips every entry of it the second time', async () => {
    const me = await signIn(t, 'user');
    const other = await signIn(t, 'vip');
    await smallBook(me);
    const file = (await exportOf(me)).json();
    const first = await importInto(other, file);
    expect(first.json()).toEqual({ code: 0, msg: 'ok', resData: { imported: 3, skipped: 0 } });
    const mine = (await listOf(me)).map(content);
    expect((await listOf(other)).map(content)).toEqual(mine);
    const again = await importInto(other, file);
    expect(again.json().resData).toEqual({ imported: 0, skipped: 3 });
    expect(await listOf(other)).toHaveLength(3);
  });

  it('skips entries already kept or repeated in the file by name, sex and birth moment', async () => {
    const me = await signIn(t, 'user');
    await save(me, { name: '张三', born: '公 1990-05-10 08:00' });
    const res = await importInto(me, {
      format: MINGLI_FILE_FORMAT,
      version: 1,
      profiles: [
        // The same birth written another way: the same person.
        { name: '张三', sex: '男', born: '1990-5-10 8:00' },
        { name: '张三', sex: '女', born: '公 1990-05-10 08:00' },
        { name: '张三', sex: '男', born: '公 1990-05-10 09:00' },
        { name: '李四', sex: '男', born: '公 1990-05-10 08:00' },
        { name: '李四', sex: '男', born: '公历 1990年5月10日 08:00' },
      ],
    });
    expect(res.json().resData).toEqual({ imported: 3, skipped: 2 });
    expect((await listOf(me)).map((p) => `${p.name}${p.sex}${p.born}`)).toEqual([
      '张三女公 1990-05-10 08:00',
      '张三男公 1990-05-10 09:00',
      '李四男公 1990-05-10 08:00',
      '张三男公 1990-05-10 08:00',
    ]);
  });

  describe('refuses a file it cannot take whole, naming the entry, and saves nothing', () => {
    const good = (name: string) => ({ name, sex: '男', born: '公 1990-05-10 08:00' });
    const fileOf = (profiles: unknown[]) => ({ format: MINGLI_FILE_FORMAT, version: 1, profiles });

    it.each([
      [
        'text that is not JSON',
        '{"format": "xuanli-mingli", "version": 1, "profiles": [',
        '请求内容不是有效的 JSON',
      ],
      [
        'JSON that is not a case book',
        { hello: 'world' },
        '这不是玄历导出的命例文件（format 应为 xuanli-mingli）',
      ],
      [
        'another format',
        { ...fileOf([]), format: 'other-app' },
        '这不是玄历导出的命例文件（format 应为 xuanli-mingli）',
      ],
      ['another version', { ...fileOf([]), version: 2 }, '命例文件的版本不支持，请用版本 1 的文件'],
      [
        'profiles that are not a list',
        { ...fileOf([]), profiles: {} },
        '这不是玄历导出的命例文件，或文件已损坏',
      ],
      [
        'an entry without a birth',
        fileOf([good('甲'), { name: '乙', sex: '男' }]),
        '第 2 条命例：出生时间不能缺少',
      ],
      [
        'an entry with a wrong sex',
        fileOf([good('甲'), good('乙'), { ...good('丙'), sex: 'x' }]),
        '第 3 条命例：性别不是可选的值',
      ],
      [
        'an entry with a long name',
        fileOf([{ ...good('甲'), name: '名'.repeat(21) }]),
        '第 1 条命例：姓名最多 20 个字',
      ],
      [
        'an entry with an empty name',
        fileOf([good('甲'), { ...good('乙'), name: '' }]),
        '第 2 条命例：姓名不能为空',
      ],
      [
        'an event with a bad date',
        fileOf([good('甲'), { ...good('乙'), events: [{ date: '2020-1-1', text: '婚' }] }]),
        '第 2 条命例：第 1 个事件的日期格式不对',
      ],
      [
        'an entry the engine refuses',
        fileOf([good('甲'), good('乙'), good('丙'), { ...good('丁'), born: '公 1990-02-30 08:00' }]),
        '第 4 条命例：公历日期不对，这个月没有这一天',
      ],
      [
        'an event day that does not exist',
        fileOf([good('甲'), { ...good('乙'), events: [{ date: '2023-02-29', text: '婚' }] }]),
        '第 2 条命例：第 1 个事件的日期不存在，请选 1900 到 2100 年间的日期',
      ],
      ['a blank name', fileOf([good('甲'), { ...good('乙'), name: '  ' }]), '第 2 条命例：姓名不能为空'],
      [
        'too many entries',
        fileOf(Array.from({ length: 501 }, (_, i) => good(`人${i}`))),
        '一个文件最多 500 条命例',
      ],
    ])('%s', async (_label, payload, msg) => {
      const me = await signIn(t, 'user');
      await save(me, { name: '原有' });
      const res = await importInto(me, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
      expect((await listOf(me)).map((p) => p.name)).toEqual(['原有']);
    });

    it('keeps the engine code of a refused birth, so the app can say which field', async () => {
      const me = await signIn(t, 'user');
      const res = await importInto(me, fileOf([{ ...good('甲'), born: '农 1990-04(闰)-07 08:00' }]));
      expect(res.json().code).toBe('WRONG_LUNAR_MONTH');
    });

    it('never repeats an entry’s name or birth in its answer (the answer reaches the log line)', async () => {
      const me = await signIn(t, 'user');
      const res = await importInto(
        me,
        fileOf([{ name: '秘密名字', sex: '男', born: '公 1990-02-30 08:00' }]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toMatch(/秘密名字|1990/);
    });

    it('saves none of a file that would take the book past 500 profiles', async () => {
      const me = await signIn(t, 'user');
      const half = Array.from({ length: 300 }, (_, i) => good(`甲${i}`));
      expect((await importInto(me, fileOf(half))).json().resData).toEqual({ imported: 300, skipped: 0 });
      const more = [...half.slice(0, 50), ...Array.from({ length: 201 }, (_, i) => good(`乙${i}`))];
      const res = await importInto(me, fileOf(more));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'Conflict',
        msg: '命例最多保存 500 个：已有 300 个，文件中新的 201 个放不下，一个也没有导入',
      });
      expect(await listOf(me)).toHaveLength(100);
      expect((await importInto(me, fileOf(more.slice(0, 250)))).json().resData).toEqual({
        imported: 200,
        skipped: 50,
      });
    });
  });

  it('takes the file of a full book with long notes and many events (megabytes, one transaction)', async () => {
    const me = await signIn(t, 'user');
    const profiles = Array.from({ length: MINGLI_LIMITS.profiles }, (_, i) => ({
      name: `命主${i}`,
      sex: i % 2 ? '女' : '男',
      born: `公 ${1901 + (i % 199)}-0${1 + (i % 9)}-1${i % 10} 0${i % 10}:00`,
      group: '客户',
      note: '记'.repeat(MINGLI_LIMITS.note),
      events: Array.from({ length: MINGLI_LIMITS.events }, () => ({
        date: '2020-02-29',
        text: '事'.repeat(MINGLI_LIMITS.eventText),
      })),
    }));
    const body = JSON.stringify({ format: MINGLI_FILE_FORMAT, version: 1, profiles });
    expect(body.length).toBeGreaterThan(64 * 1024);
    const res = await importInto(me, body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().resData).toEqual({ imported: 500, skipped: 0 });
    // Newest first, as the file had them.
    const listed = await t.app.inject({ method: 'GET', url: `${URL}?size=3`, headers: { token: me.token } });
    expect(listed.json().resData.list.map((p: MingliProfile) => p.name)).toEqual(['命主0', '命主1', '命主2']);
    expect(listed.json().resData.total).toBe(500);
    // The export of it is as big, and imports back whole elsewhere.
    const exported = await exportOf(me);
    expect(Buffer.byteLength(exported.body)).toBeGreaterThan(2_000_000);
    const other = await signIn(t, 'user');
    expect((await importInto(other, exported.body)).json().resData).toEqual({ imported: 500, skipped: 0 });
  }, 120_000);

  it('refuses visitors before reading the file', async () => {
    const visitor = await signIn(t, 'visitor');
    expect((await importInto(visitor, 'not even json')).statusCode).toBe(401);
    expect((await exportOf(visitor)).statusCode).toBe(401);
  });
});
