import { describe, expect, it } from 'vitest';
import { dayPillar, parseSexagenary } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { clash, shaDirection } from './clash.ts';

describe('clash (冲煞)', () => {
  it('clashes the opposite branch with the stem four places on', () => {
    expect(clash(0)).toEqual({
      pillar: parseSexagenary('戊午'),
      ganzhi: '戊午',
      branch: '午',
      animal: '马',
      text: '冲马(戊午)',
      sha: '南',
      shaText: '煞南',
    });
    expect(clash(parseSexagenary('庚寅')).text).toBe('冲猴(甲申)');
    expect([0, 4, 8].map(shaDirection)).toEqual(['南', '南', '南']);
    expect([2, 6, 10].map(shaDirection)).toEqual(['北', '北', '北']);
    expect([1, 5, 9].map(shaDirection)).toEqual(['东', '东', '东']);
    expect([3, 7, 11].map(shaDirection)).toEqual(['西', '西', '西']);
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 冲(己卯)兔 煞东
    const a = clash(dayPillar(dayNumber(2024, 9, 18)));
    expect([a.ganzhi, a.animal, a.shaText]).toEqual(['己卯', '兔', '煞东']);
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 冲(壬午)马 煞南
    const b = clash(dayPillar(dayNumber(2024, 9, 21)));
    expect([b.ganzhi, b.animal, b.shaText]).toEqual(['壬午', '马', '煞南']);
    // https://m.guangyukeji.com/jiyun/23471.html — 2023-01-27: 冲兔(己卯)煞东
    const c = clash(dayPillar(dayNumber(2023, 1, 27)));
    expect(c.text + c.shaText).toBe('冲兔(己卯)煞东');
  });
});
