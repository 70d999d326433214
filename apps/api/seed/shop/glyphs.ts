/**
 * The few characters the demo product pictures carry (干支 of the calendar year, book titles, dates),
 * drawn as our own rounded strokes. A server often has no CJK font at all, and a picture rendered
 * there must not show empty boxes, so the pictures never depend on installed fonts.
 *
 * Each glyph is a list of SVG path strokes in a 100 × 100 box (y downwards).
 */

const GLYPHS: Record<string, readonly string[]> = {
  丁: ['M12 20 L88 20', 'M52 20 L52 86 Q52 96 42 93 L32 86'],
  未: ['M24 30 L76 30', 'M10 54 L90 54', 'M50 6 L50 96', 'M48 56 Q36 78 12 90', 'M52 56 Q66 78 90 90'],
  丙: [
    'M10 14 L90 14',
    'M20 36 L20 96',
    'M20 36 L80 36 L80 88 Q80 96 70 93',
    'M50 14 L50 48 Q46 66 32 78',
    'M54 52 Q62 66 70 74',
  ],
  午: ['M36 6 Q32 20 16 34', 'M28 28 L80 28', 'M8 60 L92 60', 'M52 28 L52 96'],
  子: ['M20 14 L76 14 Q66 28 50 40', 'M50 40 L50 86 Q50 96 40 93 L30 86', 'M8 58 L92 58'],
  平: ['M16 14 L84 14', 'M32 28 L40 44', 'M68 28 L60 44', 'M8 58 L92 58', 'M50 14 L50 96'],
  三: ['M24 18 L76 18', 'M30 50 L70 50', 'M10 86 L90 86'],
  命: [
    'M50 4 Q36 22 8 36',
    'M50 4 Q64 22 92 36',
    'M34 36 L66 36',
    'M18 50 L18 82',
    'M18 50 L42 50 L42 80',
    'M18 80 L42 80',
    'M58 50 L82 50 L82 70 Q82 78 74 75',
    'M58 50 L58 98',
  ],
  宜: [
    'M50 4 L50 14',
    'M14 28 L14 18 L86 18 L86 28',
    'M30 34 L30 84',
    'M30 34 L70 34 L70 84',
    'M30 51 L70 51',
    'M30 68 L70 68',
    'M10 88 L90 88',
  ],
  0: ['M50 8 C 20 8 20 92 50 92 C 80 92 80 8 50 8 Z'],
  1: ['M36 24 L54 8 L54 92'],
  2: ['M24 28 C 26 4 76 4 74 30 C 72 50 40 66 22 92 L78 92'],
  3: ['M26 16 C 58 0 84 28 56 44 L44 48', 'M56 44 C 88 54 76 98 24 84'],
  4: ['M62 92 L62 8 L18 66 L84 66'],
  5: ['M74 10 L32 10 L28 46 C 56 32 82 50 76 70 C 70 94 38 96 22 82'],
  6: ['M70 12 C 40 4 24 40 26 62 C 28 94 76 96 76 64 C 76 38 40 38 27 60'],
  7: ['M22 10 L78 10 L42 92'],
  8: ['M50 48 C 18 40 24 8 50 8 C 76 8 82 40 50 48 C 12 56 20 92 50 92 C 80 92 88 56 50 48 Z'],
  9: ['M74 40 C 74 4 24 4 24 36 C 24 64 68 62 74 40 C 78 72 62 94 30 88'],
};

/** Whether {@link lettering} can draw every character of `text`. */
export function canLetter(text: string): boolean {
  return [...text].every((char) => char === ' ' || char in GLYPHS);
}

/**
 * `text` drawn left to right (or top to bottom with `vertical`) from (x, y), each character `size`
 * pixels square, strokes `weight` pixels wide. Throws for a character without a glyph, so a picture
 * can never silently lose a letter.
 */
export function lettering(
  text: string,
  options: {
    x: number;
    y: number;
    size: number;
    color: string;
    weight?: number;
    vertical?: boolean;
    gap?: number;
  },
): string {
  const { x, y, size, color } = options;
  const scale = size / 100;
  const weight = (options.weight ?? size / 11) / scale;
  const step = size * (1 + (options.gap ?? 0.18));
  return [...text]
    .map((char, index) => {
      if (char === ' ') return '';
      const strokes = GLYPHS[char];
      if (!strokes) throw new Error(`no glyph for '${char}'`);
      const dx = options.vertical ? x : x + index * step;
      const dy = options.vertical ? y + index * step : y;
      const paths = strokes.map((d) => `<path d="${d}"/>`).join('');
      return (
        `<g transform="translate(${dx} ${dy}) scale(${scale})" fill="none" stroke="${color}" ` +
        `stroke-width="${weight.toFixed(2)}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`
      );
    })
    .join('');
}
