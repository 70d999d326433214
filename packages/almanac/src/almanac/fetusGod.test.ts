import { describe, expect, it } from 'vitest';
import { dayPillar, parseSexagenary } from '../ganzhi.ts';
import { dayNumber } from '../solarDate.ts';
import { fetusGod } from './fetusGod.ts';

describe('fetusGod (胎神占方)', () => {
  it('joins the stem place and the branch place, merging repeats', () => {
    expect(fetusGod(0)).toEqual({ place: '占门碓', direction: '外东南', text: '占门碓 外东南' });
    expect(fetusGod(parseSexagenary('己卯')).place).toBe('占大门');
    expect(fetusGod(parseSexagenary('庚午')).place).toBe('占碓磨');
    expect(fetusGod(parseSexagenary('癸巳')).text).toBe('占房床 房内北');
    expect(fetusGod(parseSexagenary('戊申')).text).toBe('房床炉 房内中');
    expect(fetusGod(59).text).toBe('占房床 外东南'); // 癸亥
  });

  it('matches published almanac pages', () => {
    // http://huangli.0564bbs.cn/huangli/2024-09-18.html — 碓磨门外西北
    expect(fetusGod(dayPillar(dayNumber(2024, 9, 18))).text).toBe('碓磨门 外西北');
    // http://huangli.0564bbs.cn/huangli/2024-09-21.html — 房床碓外正北
    expect(fetusGod(dayPillar(dayNumber(2024, 9, 21))).text).toBe('房床碓 外正北');
  });
});
