/**
 * `POST /api/app/bln.Suan/hehun` (合婚 from two whole charts): the engine's reading whole in the
 * envelope — nothing of it dropped by the answer's schema — and every refusal a Chinese 400 naming the
 * person it is about.
 */
import { hehun } from '@xuanli/almanac/bazi/hehun';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/suite.ts';

const HUSBAND = { born: '公 1990-05-10 08:00', sex: '男', label: '张三' } as const;
const WIFE = { born: '农 1992-03-15', sex: '女', label: '李四', timeZone: 'Asia/Hong_Kong' } as const;

describe('POST hehun', () => {
  const t = useTestApp();

  const post = (payload: unknown, url = '/api/app/bln.Suan/hehun') =>
    t.app.inject({ method: 'POST', url, payload: payload as object });

  it('answers the engine’s whole reading: both sides, every point, 大运, total, level and the 生肖 view', async () => {
    for (const [a, b] of [
      [HUSBAND, WIFE],
      [WIFE, HUSBAND],
      [
        { born: '公 1985-11-02 23:30', sex: '男', zi: 'early' },
        { born: '公 1987-01-20', sex: '女', longitude: 121.47 },
      ],
    ] as const) {
      const res = await post({ a, b });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        code: 0,
        msg: 'ok',
        resData: JSON.parse(JSON.stringify(hehun({ a, b }))),
      });
    }
    const reading = (await post({ a: HUSBAND, b: WIFE })).json().resData;
    expect(reading.a.label).toBe('张三');
    expect(reading.b.hourKnown).toBe(false);
    expect(reading.points.length).toBeGreaterThan(3);
    expect(['上等', '中上', '中等', '需经营']).toContain(reading.level);
    expect(reading.zodiac).toMatchObject({ wo: '午', ta: '申' });
  });

  it('is reached whatever the case of bln.suan', async () => {
    const res = await post({ a: HUSBAND, b: WIFE }, '/api/app/bln.suan/hehun');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a bad sex or birth of either person with a Chinese 400 naming whom', async () => {
    const refusal = async (payload: unknown) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect(await refusal({ a: HUSBAND, b: { ...WIFE, sex: '其他' } })).toEqual({
      code: 'WRONG_SEX',
      msg: '李四：性别参数错误！',
    });
    expect(await refusal({ a: { ...HUSBAND, born: '明天' }, b: WIFE })).toEqual({
      code: 'WRONG_BIRTH_TEXT',
      msg: '张三：生日参数错误！',
    });
    expect(await refusal({ a: HUSBAND, b: { ...WIFE, born: '公 1992-02-30' } })).toEqual({
      code: 'WRONG_SOLAR_DAY',
      msg: '李四：公历日期不对，这个月没有这一天',
    });
    // Refused by the schema: the side is named as the reading would name it without a label.
    expect(await refusal({ a: HUSBAND, b: { born: WIFE.born } })).toEqual({
      code: 'WRONG_SEX',
      msg: '乙方：性别参数错误！',
    });
    expect(await refusal({ a: { sex: '男', born: 19900510 }, b: WIFE })).toEqual({
      code: 'WRONG_BIRTH_TEXT',
      msg: '甲方：生日参数错误！',
    });
    const missing = await refusal({ a: HUSBAND });
    expect(missing.code).toBe('ValidationError');
    expect(missing.msg).toMatch(/b/);
    const longLabel = await refusal({ a: { ...HUSBAND, label: '名'.repeat(21) }, b: WIFE });
    expect(longLabel.code).toBe('ValidationError');
    expect(longLabel.msg).toMatch(/label/);
  });
});
