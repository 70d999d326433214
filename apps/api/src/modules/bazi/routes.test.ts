import { baziChart } from '@xuanli/almanac/bazi/chart';
import { compatibility } from '@xuanli/almanac/bazi/compatibility';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { READING_SEED } from '../../../seed/bazi/readings.ts';
import { useTestApp } from '../../../test/suite.ts';
import { content } from '../content/testing-tables.ts';
import { READING_KIND } from './readings.ts';

const PROFILE = { name: '示例', sex: '男', born: '公 1990-05-10 08:00' } as const;

describe('bazi routes (app/bln.suan/*)', () => {
  const t = useTestApp();

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });

  describe('POST bzdata', () => {
    it('sends exactly the bytes of JSON.stringify of the engine chart, for varied profiles', async () => {
      // The route serializes with jsonUtf8 (UTF-8 via transcode), not Fastify's schema serializer:
      // nothing may be dropped, reordered or re-encoded. Seeded births and options, awkward names.
      let seed = 7;
      const rnd = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const pad = (v: number) => String(v).padStart(2, '0');
      // (An unpaired surrogate such as '\ud83d' never gets here: the API refuses it as input, app.test.ts.)
      const names = ['示例', '', 'a"b\\c', 'tab\tnew\nline', '😀𠀀', 'line\u2028sep\u2029', 'café'];
      for (let i = 0; i < 60; i++) {
        const body = {
          name: names[i % names.length],
          sex: rnd(2) ? '男' : '女',
          born: `${rnd(2) ? '公' : '农'} ${1901 + rnd(198)}-${pad(1 + rnd(12))}-${pad(1 + rnd(28))} ${pad(rnd(24))}:${pad(rnd(60))}`,
          ...(rnd(2) ? { zi: 'early' as const } : {}),
          ...(rnd(3) === 0 ? { longitude: 73 + rnd(60), timeZone: 'Asia/Urumqi' } : {}),
          ...(rnd(3) === 0 ? { liunianCount: 1 + rnd(120), yunSchool: 1 as const } : {}),
        };
        const res = await post('/api/app/bln.suan/bzdata', body);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const { name, ...input } = body;
        const expected = JSON.stringify({
          code: 0,
          msg: 'ok',
          resData: { name, ...baziChart({ ...input, sex: body.sex as '男' | '女', liuyueYear: 2026 }) },
        });
        expect(res.rawPayload.equals(Buffer.from(expected))).toBe(true);
        expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
      }
    });

    it('answers {name, ...chart} for the known 1990 chart', async () => {
      const res = await post('/api/app/bln.Suan/bzdata', PROFILE);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.msg).toBe('ok');
      expect(body.resData.name).toBe('示例');
      expect(body.resData.sizhu).toEqual({ year: '庚午', month: '辛巳', day: '乙亥', hour: '庚辰' });
      expect(body.resData.dayun).toHaveLength(10);
      expect(body.resData.liunian).toHaveLength(80);
      expect(body.resData.liuyue).toHaveLength(12);
      // Passed through whole: nothing stripped or added by the response schema.
      expect(body.resData).toEqual({
        name: '示例',
        ...JSON.parse(JSON.stringify(baziChart({ ...PROFILE, liuyueYear: 2026 }))),
      });
    });

    it('charts three pillars when the birth hour is unknown, with the engine’s notes and 喜用神', async () => {
      const body = { ...PROFILE, born: '公 1990-05-10', hourUnknown: true };
      const res = await post('/api/app/bln.suan/bzdata', body);
      expect(res.statusCode).toBe(200);
      const chart = res.json().resData;
      expect(chart.hourUnknown).toBe(true);
      expect(chart.sizhu).toEqual({ year: '庚午', month: '辛巳', day: '乙亥', hour: null });
      expect(chart.nongli_zh.hour).toBe('不详');
      expect(chart.shensha.hour).toBeNull();
      expect(chart.notes.join('')).toContain('正午');
      expect(chart.xiyong.strength).toMatch(/^(身强|身弱|中和|从强|从弱)$/);
      const { name, ...input } = body;
      expect(chart).toEqual({
        name,
        ...JSON.parse(JSON.stringify(baziChart({ ...input, liuyueYear: 2026, hourUnknown: true }))),
      });
      // A time in the birth text is not used (not even 23:30, which would be the next day's 子时), and
      // a note says so.
      const timed = (await post('/api/app/bln.suan/bzdata', { ...body, born: '公 1990-05-10 23:30' })).json();
      expect(timed.resData.sizhu).toEqual(chart.sizhu);
      expect(timed.resData.notes.at(-1)).toContain('23:30');
    });

    it('carries the 喜用神 verdict of the four-pillar chart', async () => {
      const xiyong = (await post('/api/app/bln.suan/bzdata', PROFILE)).json().resData.xiyong;
      expect(xiyong).toMatchObject({ strength: '身弱', favourable: ['水', '木'] });
      expect(xiyong.reasons.length).toBeGreaterThan(0);
      expect(xiyong.score).toBe(0.2);
    });

    it('matches the path in any letter case', async () => {
      for (const path of [
        '/api/app/bln.suan/bzdata',
        '/api/app/bln.Suan/bzdata',
        '/api/app/BLN.SUAN/BZDATA',
        '/API/APP/Bln.sUan/bzData',
        '/api/app/bln.Suan/bzdata?x=AbC',
      ]) {
        const res = await post(path, PROFILE);
        expect(res.statusCode, path).toBe(200);
        expect(res.json().resData.sizhu.day, path).toBe('乙亥');
      }
      // Only the /api/app/ namespace folds case; other routes keep their exact paths.
      const other = await t.app.inject({ method: 'GET', url: '/api/Calendar/day' });
      expect(other.statusCode).toBe(404);
    });

    it('lists 流月 of the current Beijing year from the clock unless liuyueYear is given', async () => {
      const months = async (payload: object) =>
        (await post('/api/app/bln.suan/bzdata', payload)).json().resData.liuyue;
      expect((await months(PROFILE)).map((m: { year: number }) => m.year)).toEqual(Array(12).fill(2026));
      // 2026-12-31 16:30 UTC is already 2027 in Beijing.
      t.clock.set(Date.UTC(2026, 11, 31, 16, 30));
      try {
        expect((await months(PROFILE))[0].year).toBe(2027);
        expect((await months({ ...PROFILE, liuyueYear: 1995 }))[0].year).toBe(1995);
      } finally {
        t.clock.set(Date.UTC(2026, 0, 15, 4, 0));
      }
    });

    it('passes the options to the engine', async () => {
      const options = {
        ...PROFILE,
        born: '公 1990-05-10 23:30',
        zi: 'early',
        longitude: 87.6,
        timeZone: 'Asia/Urumqi',
        yunSchool: 1,
        liunianCount: 120,
      } as const;
      const res = await post('/api/app/bln.suan/bzdata', options);
      expect(res.statusCode).toBe(200);
      const { name, ...chart } = res.json().resData;
      expect(name).toBe('示例');
      expect(chart).toEqual(JSON.parse(JSON.stringify(baziChart({ ...options, liuyueYear: 2026 }))));
      expect(chart.options).toMatchObject({ zi: 'early', yunSchool: 1, liunianCount: 120, longitude: 87.6 });
      expect(chart.liunian).toHaveLength(120);
    });

    it('defaults the name to an empty string and ignores unknown properties', async () => {
      const res = await post('/api/app/bln.suan/bzdata', { sex: '女', born: '公 2000-01-01', add_time: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().resData.name).toBe('');
      expect(res.json().resData.add_time).toBeUndefined();
    });

    it('answers a wrong sex with 性别参数错误！, from the engine or the schema', async () => {
      for (const sex of ['男人', 'M', '', 1, null, ['男', '女'], { x: 1 }, 'x'.repeat(100), undefined]) {
        const res = await post('/api/app/bln.Suan/bzdata', { ...PROFILE, sex });
        expect(res.statusCode, JSON.stringify(sex)).toBe(400);
        expect(res.json(), JSON.stringify(sex)).toEqual({ code: 'WRONG_SEX', msg: '性别参数错误！' });
      }
    });

    it('answers a wrong birth text with 生日参数错误！, from the engine or the schema', async () => {
      for (const born of ['公1990', 'hello', '', 19900510, { y: 1990 }, 'x'.repeat(65), undefined]) {
        const res = await post('/api/app/bln.Suan/bzdata', { ...PROFILE, born });
        expect(res.statusCode, JSON.stringify(born)).toBe(400);
        expect(res.json(), JSON.stringify(born)).toEqual({ code: 'WRONG_BIRTH_TEXT', msg: '生日参数错误！' });
      }
      // Sex is checked first, as in the engine.
      const both = await post('/api/app/bln.Suan/bzdata', { sex: 'x', born: 'y' });
      expect(both.json().msg).toBe('性别参数错误！');
    });

    it('answers impossible dates and options with a 400 naming the problem', async () => {
      // A refused schema names the field in `field` and in its Chinese message.
      const cases: [object, number, string | RegExp, string?][] = [
        [{ born: '公 1990-13-10 08:00' }, 400, 'wrong solar month'],
        [{ born: '公 1990-05-10 25:00' }, 400, 'wrong hour'],
        [{ born: '公 1800-05-10 08:00' }, 400, 'date out of supported range'],
        [{ timeZone: 'Mars/Olympus' }, 400, /timeZone/],
        [{ zi: 'noon' }, 400, /^请求内容 zi /, 'zi'],
        [{ yunSchool: 3 }, 400, /^请求内容 yunSchool /, 'yunSchool'],
        [{ longitude: 181 }, 400, '请求内容 longitude 不能大于 180', 'longitude'],
        [{ liunianCount: 0 }, 400, '请求内容 liunianCount 不能小于 1', 'liunianCount'],
        [{ liunianCount: 121 }, 400, '请求内容 liunianCount 不能大于 120', 'liunianCount'],
        [{ liuyueYear: 2101 }, 400, '请求内容 liuyueYear 不能大于 2100', 'liuyueYear'],
        [{ name: '名'.repeat(21) }, 400, '请求内容 name 最多 20 个字符', 'name'],
      ];
      for (const [patch, status, msg, field] of cases) {
        const res = await post('/api/app/bln.suan/bzdata', { ...PROFILE, ...patch });
        expect(res.statusCode, JSON.stringify(patch)).toBe(status);
        expect(Object.keys(res.json()).sort()).toEqual(field ? ['code', 'field', 'msg'] : ['code', 'msg']);
        if (field) expect(res.json().field).toBe(field);
        if (typeof msg === 'string') expect(res.json().msg).toBe(msg);
        else expect(res.json().msg).toMatch(msg);
      }
    });

    it('refuses a body that is not an object', async () => {
      for (const payload of ['[]', '"x"', '1', 'null']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/app/bln.suan/bzdata',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
      }
      const empty = await t.app.inject({ method: 'POST', url: '/api/app/bln.suan/bzdata' });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('POST miji', () => {
    type Section = { key: string; title: string; items: { key: string; title: string; body: string }[] };
    const readings = async (payload: object = PROFILE): Promise<Section[]> => {
      const res = await post('/api/app/bln.Suan/miji', payload);
      expect(res.statusCode).toBe(200);
      return res.json().resData.sections;
    };
    const seeded = (key: string) => READING_SEED.find((row) => row.key === key)!;

    it('answers the four sections for the 1990 chart with the seeded texts', async () => {
      const sections = await readings();
      expect(sections.map((s) => [s.key, s.title])).toEqual([
        ['rizhu', '日主'],
        ['wuxing', '五行'],
        ['shishen', '十神'],
        ['shensha', '神煞'],
      ]);
      const [rizhu, wuxing, shishen, shensha] = sections;
      // 乙 born in 巳 month, 庚辛 金 everywhere: weak (see readings.test.ts for the arithmetic).
      expect(rizhu.items.map((i) => i.key)).toEqual(['daymaster:乙', 'strength:weak']);
      expect(rizhu.items[0]).toEqual({ key: 'daymaster:乙', ...pick(seeded('daymaster:乙')) });
      expect(rizhu.items[1].title).toBe('身弱（失令、得地、失势；扶身之力 20%）');
      expect(rizhu.items[1].body).toBe(seeded('strength:weak').body);
      // 金3 木1 水1 火2 土1 in the eight characters: nothing missing, nothing in excess.
      expect(wuxing.items.map((i) => i.key)).toEqual(['element:balanced']);
      // Stems 庚 (年) 辛 (月) 庚 (时) seen from 乙.
      expect(shishen.items.map((i) => i.title)).toEqual(['正官（年干、时干）', '七杀（月干）']);
      expect(shishen.items[0].body).toBe(seeded('tengod:正官').body);
      // Every 神煞 of the chart, each once, with the pillars it sits on.
      const chart = baziChart({ ...PROFILE, liuyueYear: 2026 });
      const names = new Set(Object.values(chart.shensha).flatMap((hits) => hits.map((h) => h.name)));
      expect(shensha.items.map((i) => i.key).sort()).toEqual([...names].map((n) => `shensha:${n}`).sort());
      const taiji = shensha.items.find((i) => i.key === 'shensha:太极贵人');
      expect(taiji?.title).toMatch(/^太极贵人（年柱(、[月日时]柱)*）$/);
      expect(taiji?.body).toBe(seeded('shensha:太极贵人').body);
    });

    it('leaves out what needs the hour when the birth hour is unknown', async () => {
      const [, , shishen, shensha] = await readings({ ...PROFILE, born: '公 1990-05-10', hourUnknown: true });
      // 庚 of the hour pillar is gone: only the year's 正官 and the month's 七杀 remain.
      expect(shishen.items.map((i) => i.title)).toEqual(['正官（年干）', '七杀（月干）']);
      for (const item of shensha.items) expect(item.title, item.key).not.toContain('时柱');
    });

    it('reads the text from the database: an edit shows on the next request', async () => {
      const key = 'daymaster:乙';
      await t.database.db
        .update(content)
        .set({ title: '乙木（编辑过）', body: '编辑改过的文字。' })
        .where(and(eq(content.key, key), eq(content.kind, READING_KIND)));
      const [rizhu] = await readings();
      expect(rizhu.items[0]).toEqual({ key, title: '乙木（编辑过）', body: '编辑改过的文字。' });

      // A removed row drops its item instead of failing the answer.
      await t.database.db.delete(content).where(eq(content.key, 'strength:weak'));
      const [again] = await readings();
      expect(again.items.map((i) => i.key)).toEqual([key]);
    });

    it('shares the validation and messages of bzdata', async () => {
      const sex = await post('/api/app/BLN.SUAN/MIJI', { ...PROFILE, sex: '?' });
      expect(sex.statusCode).toBe(400);
      expect(sex.json()).toEqual({ code: 'WRONG_SEX', msg: '性别参数错误！' });
      const born = await post('/api/app/bln.suan/miji', { sex: '女' });
      expect(born.json()).toEqual({ code: 'WRONG_BIRTH_TEXT', msg: '生日参数错误！' });
    });
  });

  describe('POST jxfen', () => {
    it('answers the engine compatibility for {fen: {wo, ta}}: 子丑 六合, wealth 95', async () => {
      const res = await post('/api/app/bln.suan/jxfen', { fen: { wo: '子', ta: '丑' } });
      expect(res.statusCode).toBe(200);
      const result = res.json().resData;
      expect(result).toEqual(compatibility('子', '丑'));
      expect(result.relation).toBe('六合');
      expect(result.wealth.fen).toBe(95);
      expect(result.marriage.fen).toBe(83);
    });

    it('uses the scores by relation of PRODUCT.md#constants', async () => {
      const pairs: [string, string, string, number, number][] = [
        ['子', '午', '冲', 30, 32],
        ['子', '辰', '三合', 88, 80],
        ['寅', '丑', '合', 95, 90],
        ['子', '卯', '刑', 45, 35],
        ['子', '未', '害', 42, 55],
        ['子', '酉', '破', 25, 25],
        ['子', '亥', '助', 70, 66],
      ];
      for (const [wo, ta, relation, wealth, marriage] of pairs) {
        const result = (await post('/api/app/bln.Suan/jxfen', { fen: { wo, ta } })).json().resData;
        expect([result.relation, result.wealth.fen, result.marriage.fen], wo + ta).toEqual([
          relation,
          wealth,
          marriage,
        ]);
        for (const topic of ['marriage', 'lawsuit', 'moving', 'illness', 'wealth']) {
          expect(Object.keys(result[topic]).sort()).toEqual(['desc', 'fen', 'jx']);
        }
      }
    });

    it('also accepts fen as one string of two branches', async () => {
      for (const fen of ['子午', ' 子 午 ', '子\u3000午']) {
        const res = await post('/api/app/BLN.suan/jxfen', { fen });
        expect(res.statusCode, fen).toBe(200);
        expect(res.json().resData).toEqual(compatibility('子', '午'));
      }
    });

    it('answers an invalid branch with 不是地支(wo) / 不是地支(ta)', async () => {
      const cases: [unknown, string][] = [
        [{ fen: { wo: '甲', ta: '午' } }, '不是地支(wo)'],
        [{ fen: { wo: '子', ta: '午午' } }, '不是地支(ta)'],
        [{ fen: { wo: '子', ta: '' } }, '不是地支(ta)'],
        [{ fen: { ta: '午' } }, '不是地支(wo)'],
        [{ fen: { wo: '子' } }, '不是地支(ta)'],
        [{ fen: { wo: {}, ta: '午' } }, '不是地支(wo)'],
        [{ fen: { wo: '子', ta: [1, 2] } }, '不是地支(ta)'],
        [{ fen: { wo: '子', ta: 'x'.repeat(50) } }, '不是地支(ta)'],
        [{ fen: '子' }, '不是地支(ta)'],
        [{ fen: '子午未' }, '不是地支(ta)'],
        [{ fen: 'ab' }, '不是地支(wo)'],
        [{ fen: '' }, '不是地支(wo)'],
        [{ fen: null }, '不是地支(wo)'],
        [{ fen: 12 }, '不是地支(wo)'],
        [{}, '不是地支(wo)'],
      ];
      for (const [payload, msg] of cases) {
        const res = await post('/api/app/bln.suan/jxfen', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const code = msg === '不是地支(wo)' ? 'WRONG_BRANCH_WO' : 'WRONG_BRANCH_TA';
        expect(res.json(), JSON.stringify(payload)).toEqual({ code, msg });
      }
    });
  });

  it('documents the three routes in the OpenAPI document with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const name of ['bzdata', 'miji', 'jxfen']) {
      const op = doc.paths[`/api/app/bln.suan/${name}`]?.post;
      expect(op, name).toBeDefined();
      expect(op.tags).toEqual(['bazi']);
      expect(op.requestBody.content['application/json'].schema, name).toBeDefined();
      expect(op.responses['200'], name).toBeDefined();
    }
    const chartBody =
      doc.paths['/api/app/bln.suan/bzdata'].post.requestBody.content['application/json'].schema;
    expect(chartBody.required).toEqual(['sex', 'born']);
    expect(Object.keys(chartBody.properties)).toEqual([
      'name',
      'sex',
      'born',
      'zi',
      'longitude',
      'timeZone',
      'yunSchool',
      'liunianCount',
      'liuyueYear',
      'hourUnknown',
    ]);
    // The answer lists 喜用神 and the three-pillar fields.
    const chart =
      doc.paths['/api/app/bln.suan/bzdata'].post.responses['200'].content['application/json'].schema
        .properties.resData;
    expect(chart.properties.xiyong.properties.strength.enum).toEqual([
      '身强',
      '身弱',
      '中和',
      '从强',
      '从弱',
    ]);
    expect(chart.properties.hourUnknown).toBeDefined();
  });
});

function pick(row: { title: string; body: string }) {
  return { title: row.title, body: row.body };
}
