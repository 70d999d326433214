import { describe, expect, it } from 'vitest';
import { parseSexagenary } from '../ganzhi.ts';
import { shensha } from './shensha.ts';

const names = (list: { name: string }[]) => list.map((h) => h.name);
const of = (...p: string[]) => shensha(p.map(parseSexagenary), { sex: '男' });

describe('shensha', () => {
  // 2005-12-23 08:37 (lunar-javascript's worked example): 乙酉 戊子 辛巳 壬辰
  const s = of('乙酉', '戊子', '辛巳', '壬辰');
  it('stem-based stars (天乙 by 年干 乙 → 子, 文昌/学堂 by 日干 辛 → 子, 禄 辛 → 酉, 国印 辛 → 巳)', () => {
    expect(names(s.month)).toEqual(
      expect.arrayContaining(['天乙贵人', '太极贵人', '文昌贵人', '学堂', '天喜']),
    );
    expect(s.month.find((h) => h.name === '天乙贵人')?.by).toEqual(['年干']);
    expect(names(s.year)).toEqual(expect.arrayContaining(['禄神', '将星', '空亡', '红艳煞']));
    expect(names(s.day)).toEqual(expect.arrayContaining(['天德贵人', '国印贵人']));
    expect(names(s.hour)).toContain('月德贵人');
  });
  it('every hit cites a source', () => {
    for (const list of Object.values(s)) for (const h of list) expect(h.source).toMatch(/《.+》/);
  });
  it('frame stars from the year and day branches (申子辰: 马寅 桃花酉 华盖辰 劫煞巳 亡神亥)', () => {
    const t = of('壬子', '壬寅', '丙辰', '己亥');
    expect(names(t.month)).toContain('驿马');
    expect(names(t.day)).toContain('华盖');
    expect(names(t.hour)).toContain('亡神');
    expect(names(of('壬子', '乙巳', '癸酉', '丁巳').day)).toContain('桃花');
  });
  it('day-pillar stars', () => {
    expect(names(of('甲子', '丙寅', '庚辰', '丙子').day)).toEqual(
      expect.arrayContaining(['魁罡', '十恶大败']),
    );
    expect(names(of('甲子', '丙寅', '戊寅', '丙子').day)).toEqual(
      expect.arrayContaining(['阴差阳错', '天赦']),
    );
    expect(names(of('甲子', '丙寅', '甲寅', '丙子').day)).toContain('孤鸾煞');
  });
  it('红鸾/孤辰/寡宿 from the year branch, 元辰 by sex', () => {
    expect(names(of('甲子', '丁卯', '甲午', '丙寅').month)).toContain('红鸾');
    expect(names(of('甲子', '丙寅', '甲午', '甲戌').month)).toContain('孤辰');
    expect(names(of('甲子', '丙寅', '甲午', '甲戌').hour)).toContain('寡宿');
    expect(names(of('甲子', '辛未', '甲午', '甲戌').month)).toContain('元辰');
  });
});
