import { YI_JI_WORDS } from '@xuanli/almanac/almanac/yiJiWords';
import { shensha } from '@xuanli/almanac/bazi/shensha';
import { NAYIN } from '@xuanli/almanac/ganzhi';
import { solarFromDayNumber } from '@xuanli/almanac/solarDate';
import { TERM_NAMES, termDay } from '@xuanli/almanac/solarTerm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../src/modules/content/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { FENGSHUI_CASE_TEXTS } from './fengshui-cases.ts';
import { articleSeeds } from './index.ts';
import { SOLAR_TERM_TEXTS } from './solar-terms.ts';

/** Characters a reader reads: the HTML's text without tags and blanks. */
const textLength = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, '').length;

// The 七十二候 of 《逸周书·时训解》 / 《月令七十二候集解》, typed here a second time as a check on the texts.
const HOU: Record<string, string> = {
  立春: '东风解冻 蛰虫始振 鱼陟负冰',
  雨水: '獭祭鱼 候雁北 草木萌动',
  惊蛰: '桃始华 仓庚鸣 鹰化为鸠',
  春分: '玄鸟至 雷乃发声 始电',
  清明: '桐始华 田鼠化为鴽 虹始见',
  谷雨: '萍始生 鸣鸠拂其羽 戴胜降于桑',
  立夏: '蝼蝈鸣 蚯蚓出 王瓜生',
  小满: '苦菜秀 靡草死 麦秋至',
  芒种: '螳螂生 鵙始鸣 反舌无声',
  夏至: '鹿角解 蜩始鸣 半夏生',
  小暑: '温风至 蟋蟀居壁 鹰始挚',
  大暑: '腐草为萤 土润溽暑 大雨时行',
  立秋: '凉风至 白露降 寒蝉鸣',
  处暑: '鹰乃祭鸟 天地始肃 禾乃登',
  白露: '鸿雁来 玄鸟归 群鸟养羞',
  秋分: '雷始收声 蛰虫坯户 水始涸',
  寒露: '鸿雁来宾 雀入大水为蛤 菊有黄华',
  霜降: '豺乃祭兽 草木黄落 蛰虫咸俯',
  立冬: '水始冰 地始冻 雉入大水为蜃',
  小雪: '虹藏不见 天气上升地气下降 闭塞而成冬',
  大雪: '鹖鴠不鸣 虎始交 荔挺出',
  冬至: '蚯蚓结 麋角解 水泉动',
  小寒: '雁北乡 鹊始巢 雉雊',
  大寒: '鸡始乳 征鸟厉疾 水泽腹坚',
};

describe('seeded texts', () => {
  const seeds = articleSeeds();

  it('are inside the HTML allow-list: the sanitiser changes none of them', () => {
    for (const seed of seeds)
      expect(sanitizeArticleHtml(seed.html), `${seed.label}/${seed.name}`).toBe(seed.html);
  });

  it('are unique by (label, name) and numbered in order within each label', () => {
    const keys = seeds.map((s) => `${s.label}/${s.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const label of new Set(seeds.map((s) => s.label))) {
      expect(seeds.filter((s) => s.label === label).map((s) => s.sort)).toEqual(
        seeds.filter((s) => s.label === label).map((_, i) => i + 1),
      );
    }
  });

  it('have the lengths the content plan sets', () => {
    for (const seed of seeds) {
      const n = textLength(seed.html);
      const [min, max] =
        seed.label === '协议'
          ? [1500, 3000]
          : seed.label === '节气'
            ? [300, 600]
            : seed.label === '宜忌'
              ? [60, 200]
              : seed.label === '风水'
                ? [400, 700]
                : seed.label === '命理术语'
                  ? [70, 300]
                  : [200, 1500];
      expect(n, `${seed.label}/${seed.name}: ${n}`).toBeGreaterThanOrEqual(min);
      expect(n, `${seed.label}/${seed.name}: ${n}`).toBeLessThanOrEqual(max);
      expect(seed.summary.length, `${seed.name} summary`).toBeGreaterThan(0);
    }
  });

  it('give each 节气 its traditional 三候 and its longitude', () => {
    expect(SOLAR_TERM_TEXTS.map((t) => t.name).sort()).toEqual([...TERM_NAMES].sort());
    for (const term of SOLAR_TERM_TEXTS) {
      expect(term.hou.join(' '), term.name).toBe(HOU[term.name]);
      // TERM_NAMES starts at 小寒, 285°; each term is 15° further.
      expect(term.longitude, term.name).toBe((285 + 15 * TERM_NAMES.indexOf(term.name as never)) % 360);
    }
  });

  it('give each 节气 the dates the engine computes for every year 1990–2050', () => {
    for (const term of SOLAR_TERM_TEXTS) {
      const index = TERM_NAMES.indexOf(term.name as never);
      const days = new Set<number>();
      for (let year = 1990; year <= 2050; year++) {
        const date = solarFromDayNumber(termDay(year, index));
        expect(date.month, `${term.name} ${year}`).toBe(term.window.month);
        days.add(date.day);
      }
      // The window is exactly the days that occur: neither too wide nor too narrow.
      expect([Math.min(...days), Math.max(...days)], term.name).toEqual([term.window.from, term.window.to]);
    }
  });
});

describe('seeded articles in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const read = (label: string, name: string) =>
    t.app.inject({ method: 'POST', url: '/api/crm/article/read', payload: { label, name } });

  it('has a published article for every 宜忌 word the engine prints', async () => {
    expect(YI_JI_WORDS).toContain('诸事不宜');
    expect(YI_JI_WORDS).toContain('馀事勿取');
    for (const word of YI_JI_WORDS) {
      const res = await read('宜忌', word);
      expect(res.statusCode, word).toBe(200);
      expect(res.json().resData).toMatchObject({ label: '宜忌', name: word, title: word });
    }
  });

  it('has a published 命理术语 article for every ten god, 纳音 and 神煞 the chart can show', async () => {
    // Every star the engine can put on a pillar: charts of every day pillar against a spread of years,
    // months and hours, for both sexes (元辰 depends on it).
    const stars = new Set<string>();
    for (let day = 0; day < 60; day++)
      for (let year = 0; year < 60; year += 1)
        for (const sex of ['男', '女'] as const) {
          const pillars = [year, (year * 7 + day) % 60, day, (day * 11 + year * 3) % 60];
          for (const hits of Object.values(shensha(pillars, { sex })))
            for (const hit of hits) stars.add(hit.name);
        }
    expect(stars.size).toBeGreaterThanOrEqual(30);
    const gods = ['比肩', '劫财', '食神', '伤官', '偏财', '正财', '七杀', '正官', '偏印', '正印'];
    const terms = [...gods, ...stars, ...NAYIN];
    for (const term of terms) {
      const res = await read('命理术语', term);
      expect(res.statusCode, term).toBe(200);
      expect(res.json().resData).toMatchObject({ label: '命理术语', name: term, title: term });
    }
    // Nothing seeded that the chart cannot show.
    const seeded = articleSeeds()
      .filter((s) => s.label === '命理术语')
      .map((s) => s.name);
    expect(seeded.sort()).toEqual([...new Set(terms)].sort());
  });

  it('has a published article for every 节气', async () => {
    for (const name of TERM_NAMES) {
      const res = await read('节气', name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().resData.html).toContain('<h2>三候</h2>');
    }
  });

  it('has the 风水 cases, each telling the situation, what was seen, what changed and the result', async () => {
    const list = (
      await t.app.inject({ method: 'POST', url: '/api/crm/article/search', payload: { label: '风水' } })
    ).json().resData.list;
    expect(list.map((a: { title: string }) => a.title)).toEqual(FENGSHUI_CASE_TEXTS.map((c) => c.title));
    for (const text of FENGSHUI_CASE_TEXTS) {
      const html: string = (await read('风水', text.name)).json().resData.html;
      for (const heading of ['基本情况', '现场所见', '怎么调整', '调整之后'])
        expect(html, `${text.name} ${heading}`).toContain(`<h2>${heading}</h2>`);
      expect(html).toContain('<a href="#/pages/ketang/fengshui">风水医院</a>');
    }
  });

  it('has both agreements and the help pages', async () => {
    for (const [label, name] of [
      ['协议', '用户协议'],
      ['协议', '隐私政策'],
      ['帮助', '怎样看老黄历'],
      ['帮助', '八字排盘的时间与真太阳时'],
      ['帮助', '如何开通VIP'],
    ]) {
      expect((await read(label, name)).statusCode, name).toBe(200);
    }
  });
});
