import { COMPAT_RELATIONS } from '@xuanli/almanac/bazi/compatibility';
import { FORTUNE_GRADES } from '@xuanli/almanac/bazi/dailyFortune';
import { describe, expect, it } from 'vitest';
import { CAUTION_ADVICE, gradeWords } from './grades';

describe('the words of a 定制 grade', () => {
  it('says a 吉 grade and 中平 by name, with no reason', () => {
    for (const jx of ['大吉', '中吉', '小吉', '中平'] as const) {
      expect(gradeWords(jx, '六合')).toEqual({ title: jx, short: jx, reason: null, shortReason: null });
    }
  });

  it('says a 凶 grade as the almanac’s advice with the day branch’s relation as its reason', () => {
    expect(gradeWords('中凶', '冲')).toEqual({
      title: '宜静不宜动',
      short: '宜静',
      reason: '日支相冲',
      shortReason: '逢冲',
    });
    expect(gradeWords('小凶', '害')).toMatchObject({
      title: '宜缓不宜急',
      reason: '日支相害',
      shortReason: '逢害',
    });
    expect(gradeWords('大凶', '刑')).toMatchObject({ title: '宜守不宜进', reason: '日支相刑' });
    expect(gradeWords('大凶', '破')).toMatchObject({ reason: '日支相破', shortReason: '逢破' });
    expect(gradeWords('小凶', '克')).toMatchObject({ reason: '五行相克', shortReason: '相克' });
    // Pulled down by its ten god or stars rather than by its branch.
    expect(gradeWords('小凶', '生')).toMatchObject({
      title: '宜缓不宜急',
      reason: '流日欠顺',
      shortReason: '欠顺',
    });
  });

  it('never shows 凶 in any word, for every grade and relation the engine answers', () => {
    for (const jx of FORTUNE_GRADES) {
      for (const relation of COMPAT_RELATIONS) {
        const words = gradeWords(jx, relation);
        expect(Object.values(words).join(' ')).not.toContain('凶');
        if (jx.includes('凶')) {
          expect(words.reason).toBeTruthy();
          expect(words.short).toHaveLength(2);
          expect(words.shortReason).toHaveLength(2);
        }
      }
    }
    expect(Object.keys(CAUTION_ADVICE).sort()).toEqual(FORTUNE_GRADES.filter((g) => g.includes('凶')).sort());
  });
});
