/**
 * 五行 of the characters a chart shows, and the colours the page paints them in. Colour is never the
 * only signal (MIIT 适老化 1.4, PRODUCT.md#appearance): every bar and chip also prints its 五行 character.
 *
 * Fill colours for 木, 火, 金 and 水 are XuanJi's (#5DC336 / #F65352 / #D4A017 / #4190FA, the
 * colours readers know from that app); 土 gets an ochre brown of our own so it is told apart from the gold of
 * 金. Text colours are darker shades of the same hues, because the bright fills fall below 4.5:1 contrast on
 * our paper.
 */

/** The five phases in the order of 相生 (木生火生土生金生水), the order bazi apps list them. */
export const WUXING = ['木', '火', '土', '金', '水'] as const;

/** One of the five phases. */
export type Wuxing = (typeof WUXING)[number];

/** Fills (bars, dots, canvas). */
export const WUXING_FILL: Record<Wuxing, string> = {
  木: '#5DC336',
  火: '#F65352',
  土: '#A8692E',
  金: '#D4A017',
  水: '#4190FA',
};

/** Text on a light surface: ≥ 4.5:1 against #fffdf9. */
export const WUXING_TEXT: Record<Wuxing, string> = {
  木: '#2F7A18',
  火: '#C4302F',
  土: '#85531F',
  金: '#8A6500',
  水: '#1F62C4',
};

const STEM_WUXING: Record<string, Wuxing> = {
  甲: '木',
  乙: '木',
  丙: '火',
  丁: '火',
  戊: '土',
  己: '土',
  庚: '金',
  辛: '金',
  壬: '水',
  癸: '水',
};

const BRANCH_WUXING: Record<string, Wuxing> = {
  子: '水',
  丑: '土',
  寅: '木',
  卯: '木',
  辰: '土',
  巳: '火',
  午: '火',
  未: '土',
  申: '金',
  酉: '金',
  戌: '土',
  亥: '水',
};

/** The 五行 of a stem or branch character, or undefined for anything else. */
export function wuxingOf(char: string): Wuxing | undefined {
  return STEM_WUXING[char] ?? BRANCH_WUXING[char];
}

/** The text colour of a stem or branch (its 五行), or the body colour for anything else. */
export function textColorOf(char: string): string {
  const w = wuxingOf(char);
  return w ? WUXING_TEXT[w] : 'var(--xl-text)';
}
