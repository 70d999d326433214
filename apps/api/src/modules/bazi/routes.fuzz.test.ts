import { ERROR_CODES } from '@xuanli/contracts/errors';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/suite.ts';

// A seeded generator so that a failure reproduces; the failing body is printed with the assertion.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = [
  '公',
  '农',
  '公历',
  '農曆',
  '闰',
  '(闰)',
  '年',
  '月',
  '日',
  ' ',
  '\u3000',
  '-',
  '/',
  '.',
  ':',
  '：',
  'T',
  '0',
  '1',
  '2',
  '9',
  '19',
  '20',
  '1990',
  '2100',
  '12',
  '31',
  '子',
  '午',
  '甲',
  '男',
  '女',
  '😀',
  '\ud800',
  '\u0000',
  '%',
  '"',
  '\\',
  'e',
  '<script>',
  '∞',
  'ß',
];
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';
const ZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'America/New_York',
  'UTC+8',
  '+05:30',
  'UTC-12',
  'Etc/GMT',
  'x',
];

describe('fuzz: the bazi routes never answer 5xx', () => {
  const t = useTestApp();

  it('2,400 random bodies over bzdata, miji and jxfen (any case) answer < 500 in the envelope', async () => {
    // FUZZ_SEED=n explores other bodies; the default keeps CI reproducible.
    const next = random(Number(process.env.FUZZ_SEED ?? 20260115));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const text = (max: number) => {
      let out = '';
      for (let i = int(0, max); i > 0; i--) out += pick(PIECES);
      return out;
    };
    const birth = () =>
      pick([
        () => `公 ${int(1901, 2099)}-${int(1, 12)}-${int(1, 28)} ${int(0, 23)}:${int(0, 59)}`,
        () => `公 ${int(1901, 2099)}-${int(1, 12)}-${int(1, 28)} ${int(0, 23)}:${int(0, 59)}`,
        () => `公 ${int(1850, 2150)}-${int(0, 13)}-${int(0, 32)} ${int(0, 25)}:${int(0, 61)}`,
        () =>
          `农 ${int(1890, 2110)}-${int(1, 12)}${next() < 0.3 ? '(闰)' : ''}-${int(0, 31)} ${int(0, 23)}:00`,
        () => `${int(1, 12)}/${int(1, 31)}/${int(1900, 2100)} ${int(0, 23)}`,
        () => `农历 ${int(1900, 2100)}年闰${int(1, 12)}月${int(1, 30)}日`,
        () => text(12),
      ])();
    // Any JSON value, nested up to `depth`, with edge numbers, long and odd strings.
    const junk = (depth: number): unknown =>
      pick([
        () => null,
        () => next() < 0.5,
        () => pick([0, -0, 1, -1, 1.5, 1e308, -1e308, 2 ** 53, 1e-320, 180.0001, -180, 2100, 1900]),
        () => text(8),
        () => 'x'.repeat(int(100, 20_000)),
        () => '\u{1F600}'.repeat(int(1, 3000)),
        () => (depth > 0 ? Array.from({ length: int(0, 4) }, () => junk(depth - 1)) : []),
        () =>
          depth > 0
            ? Object.fromEntries(Array.from({ length: int(0, 4) }, () => [text(3), junk(depth - 1)]))
            : {},
      ])();
    const maybe = <T>(value: () => T): T | unknown => (next() < 0.85 ? value() : junk(2));
    const chartBody = () => {
      const body: Record<string, unknown> = {};
      if (next() < 0.9) body.sex = maybe(() => pick(['男', '女', '男', '女', '', 'M', '乾造']));
      if (next() < 0.9) body.born = maybe(birth);
      if (next() < 0.5) body.name = maybe(() => text(6));
      if (next() < 0.3) body.zi = maybe(() => pick(['late', 'early', 'LATE', '']));
      if (next() < 0.3) body.longitude = maybe(() => pick([next() * 400 - 200, 116.4, -180, 180, 0]));
      if (next() < 0.3) body.timeZone = maybe(() => pick(ZONES));
      if (next() < 0.3) body.yunSchool = maybe(() => pick([1, 2, 0, 3, '1']));
      if (next() < 0.3) body.liunianCount = maybe(() => pick([1, 80, 120, 0, 121, 7.5, '80']));
      if (next() < 0.3) body.liuyueYear = maybe(() => int(1850, 2250));
      if (next() < 0.1) body[text(3)] = junk(3);
      return body;
    };
    const fenBody = () => {
      const branch = () => pick([...BRANCHES, '', '甲', '子午', '😀', ' 子 ']);
      return {
        fen: maybe(() =>
          next() < 0.6
            ? { wo: maybe(branch), ta: maybe(branch) }
            : pick([branch() + branch(), branch(), text(4)]),
        ),
      };
    };
    const route = (name: string) =>
      `${pick(['/api/app/', '/API/APP/', '/api/App/'])}${pick(['bln.suan', 'bln.Suan', 'BLN.SUAN'])}/${pick([
        name,
        name.toUpperCase(),
      ])}`;

    const statuses = new Map<number, number>();
    for (let i = 0; i < 2400; i++) {
      const name = (['bzdata', 'miji', 'jxfen'] as const)[i % 3];
      const shape = next();
      const body =
        shape < 0.85 ? (name === 'jxfen' ? fenBody() : chartBody()) : shape < 0.95 ? junk(4) : undefined;
      const raw = next() < 0.03;
      const payload =
        body === undefined
          ? pick(['', '{', '{"sex":', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'])
          : JSON.stringify(body);
      const url = route(name);
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': raw ? pick(['text/plain', 'application/xml', '']) : 'application/json' },
      });
      const context = `#${i} ${url} ${payload.slice(0, 300)}`;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, context).toBeLessThan(500);
      const json = res.json();
      if (res.statusCode === 200) {
        expect(Object.keys(json).sort(), context).toEqual(['code', 'msg', 'resData']);
        expect(json.code, context).toBe(0);
      } else {
        // A refused schema adds the field it refused.
        const keys =
          json.code === 'ValidationError' && 'field' in json ? ['code', 'field', 'msg'] : ['code', 'msg'];
        expect(Object.keys(json).sort(), context).toEqual(keys);
        expect(ERROR_CODES, context).toContain(json.code);
        expect(typeof json.msg, context).toBe('string');
        if ('field' in json) expect(typeof json.field, context).toBe('string');
      }
    }
    // The fuzz must reach the engine and the database, not only the schema: a good share succeeds.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(200);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(300);
  });
});
