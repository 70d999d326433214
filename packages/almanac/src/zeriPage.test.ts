import { describe, expect, it } from 'vitest';
import { chooseDays } from './zeri.ts';
import { zeriResultPage } from './zeriPage.ts';

describe('zeriResultPage', () => {
  const result = chooseDays({ activity: '嫁娶', from: '2026-01-01', to: '2026-12-31' });

  it('cuts the chosen days into pages in the answer’s order, the last one short', () => {
    const size = 20;
    const pages = Math.ceil(result.days.length / size);
    expect(result.days.length % size).not.toBe(0);
    const seen = Array.from({ length: pages }, (_, i) => zeriResultPage(result, i + 1, size).list).flat();
    expect(seen).toEqual(result.days);
    expect(zeriResultPage(result, pages, size).list).toHaveLength(result.days.length % size);
  });

  it('says the total and the removed days on every page, and has nothing past the last', () => {
    const page = zeriResultPage(result, 99, 20);
    expect(page).toEqual({
      activity: '嫁娶',
      from: '2026-01-01',
      to: '2026-12-31',
      list: [],
      total: result.days.length,
      removed: result.removed,
    });
    expect(result.removed.length).toBeGreaterThan(0);
  });
});
