import { baziChart } from '@xuanli/almanac/bazi/chart';
import { describe, expect, it, vi } from 'vitest';
import type { BzChart } from './api/get-bzdata';
import { WUXING } from './elements';
import { wuxingPercents } from './percents';
import { shareChartImage, wrapItems } from './share-image';

/** Measures like a 13 px CJK font: a full-width character 13 px, anything else about half. */
const measure = (text: string) => ({
  width: [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0xff ? 13 : 7), 0),
});

/**
 * A 2D context that records every `fillText` (jsdom has no canvas), and a browser without file
 * sharing, so the image goes to the overlay.
 */
function recordDrawing(): { texts: string[] } {
  const texts: string[] = [];
  const ctx = new Proxy(
    {},
    {
      get: (_t, prop) => {
        if (prop === 'measureText') return measure;
        if (prop === 'fillText') return (text: string) => texts.push(text);
        return () => {};
      },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb) => cb(new Blob(['png'])));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:chart' }));
  return { texts };
}

const noShare = {} as Navigator;

describe('the share image', () => {
  it('prints the page’s own 五行 percentages, adding up to exactly 100', async () => {
    const { texts } = recordDrawing();
    // 1990-05-10 08:00 男: 金3 木1 水1 火2 土1 — rounding each 12.5 % up would print 102 %.
    const chart: BzChart = { name: '张三', ...baziChart({ born: '公 1990-05-10 08:00', sex: '男' }) };
    const outcome = await shareChartImage(chart, noShare);
    if (outcome.kind !== 'overlay') throw new Error(`expected the overlay, got ${outcome.kind}`);
    expect(outcome.facts.percents).toEqual(wuxingPercents(chart));
    expect(WUXING.reduce((sum, w) => sum + outcome.facts.percents[w], 0)).toBe(100);
    for (const w of WUXING) {
      expect(texts).toContain(`${chart.wxtongji.bzwx[w]}个 ${outcome.facts.percents[w]}%`);
    }
    const drawnPercents = texts.flatMap((t) => /^\d+个 (\d+)%$/.exec(t)?.[1] ?? []).map(Number);
    expect(drawnPercents.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('wraps the 大运 caption between items, so the 交运 time is drawn whole', async () => {
    const { texts } = recordDrawing();
    const chart: BzChart = { name: '张三', ...baziChart({ born: '公 1990-05-10 08:00', sex: '男' }) };
    const outcome = await shareChartImage(chart, noShare);
    if (outcome.kind !== 'overlay') throw new Error(`expected the overlay, got ${outcome.kind}`);
    const lines = outcome.facts.luckLines;
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.some((l) => l.includes('出生后8年11个月28天20小时起运'))).toBe(true);
    expect(lines.some((l) => l.includes(`交运 ${chart.qiyun.date}`))).toBe(true);
    // Every line fits the card (375 − 48 px) and is drawn as it was laid out.
    for (const line of lines) {
      expect(measure(line).width).toBeLessThanOrEqual(375 - 48);
      expect(texts).toContain(line);
    }
  });
});

describe('wrapItems', () => {
  it('breaks only between items, and an item wider than a line by characters', () => {
    const ctx = { measureText: (t: string) => ({ width: t.length * 10 }) } as Pick<
      CanvasRenderingContext2D,
      'measureText'
    >;
    expect(wrapItems(ctx, ['aaaa', 'bbbb', 'cccc'], 110)).toEqual(['aaaa · bbbb', 'cccc']);
    expect(wrapItems(ctx, ['aaaa', 'bbbbbbbbbbbbbb'], 60)).toEqual(['aaaa', 'bbbbbb', 'bbbbbb', 'bb']);
    expect(wrapItems(ctx, [], 60)).toEqual([]);
  });

  it('draws 不详 in the hour column of a chart whose hour is unknown', async () => {
    const { texts } = recordDrawing();
    const input = { born: '公 1990-05-10', sex: '男', hourUnknown: true } as const;
    const chart: BzChart = { name: '张三', ...baziChart(input) };
    const outcome = await shareChartImage(chart, noShare);
    expect(outcome.kind).toBe('overlay');
    expect(texts).toContain('不详');
    // The three known pillars are drawn as ever.
    for (const c of '庚午辛巳乙亥') expect(texts).toContain(c);
  });
});
