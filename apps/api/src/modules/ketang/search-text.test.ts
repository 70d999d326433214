import { describe, expect, it } from 'vitest';
import { textOfHtml } from './course-row.ts';
import { queryWords, searchGrams, searchText } from './search-text.ts';

describe('Chinese search text', () => {
  it('normalises full-width forms and letter case, and splits words on anything but letters and digits', () => {
    expect(searchText('  八字入门，二十讲！ＡＢＣ１２３ Bazi\n')).toBe('八字入门 二十讲 abc123 bazi');
    expect(searchText('')).toBe('');
  });

  it('indexes every character and every adjacent pair once, never across words', () => {
    expect(searchGrams('八字八字', '风水 ab').sort()).toEqual(
      ['八', '字', '八字', '字八', '风', '水', '风水', 'a', 'b', 'ab'].sort(),
    );
    // Surrogate pairs stay whole characters.
    expect(searchGrams('𠀀字')).toEqual(['𠀀', '𠀀字', '字']);
  });

  it('turns a query into its words, each with the pairs (or the one character) a course must hold', () => {
    expect(queryWords(' 八字  入门 八字 ')).toEqual([
      { word: '八字', grams: ['八字'] },
      { word: '入门', grams: ['入门'] },
    ]);
    expect(queryWords('卦')).toEqual([{ word: '卦', grams: ['卦'] }]);
    expect(queryWords('张师傅')).toEqual([{ word: '张师傅', grams: ['张师', '师傅'] }]);
    expect(queryWords('%_\\')).toEqual([]);
    expect(queryWords('一 二 三 四 五 六 七 八 九 十')).toHaveLength(8);
  });

  it('reads the text of sanitised HTML with tags as spaces and entities decoded', () => {
    expect(
      textOfHtml('<h3>课程简介</h3><ul><li>天干</li><li>地支</li></ul><p>A &amp; B&nbsp;&lt;c&gt;</p>'),
    ).toBe('课程简介 天干 地支 A & B <c>');
    // The list items do not run together into a false pair.
    expect(searchGrams(textOfHtml('<li>天干</li><li>地支</li>'))).not.toContain('干地');
  });
});
