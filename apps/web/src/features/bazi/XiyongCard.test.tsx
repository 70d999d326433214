import { render, screen, within } from '@testing-library/react';
import { baziChart } from '@xuanli/almanac/bazi/chart';
import { describe, expect, it } from 'vitest';
import { WUXING_TEXT } from './elements';
import { scorePercent, XiyongCard } from './XiyongCard';

describe('XiyongCard (喜用神)', () => {
  it('shows the verdict, the share of support on a bar, 喜 and 忌 in their colours, and the reasons', () => {
    // 1990-05-10 08:00: 乙 born in 巳 among 金, 身弱 at 20%, 喜 水 木.
    const { xiyong } = baziChart({ born: '公 1990-05-10 08:00', sex: '男' });
    render(<XiyongCard xiyong={xiyong} />);
    expect(screen.getByText('身弱')).toBeTruthy();
    expect(screen.getByText('日主得助较少')).toBeTruthy();
    expect(screen.getByTestId('xiyong-bar').style.width).toBe('20%');
    expect(screen.getByText('扶身之力 20%')).toBeTruthy();
    const favourable = screen.getByText('喜用').nextElementSibling as HTMLElement;
    expect([...favourable.children].map((c) => c.textContent)).toEqual(['水', '木']);
    expect((favourable.children[0] as HTMLElement).style.color).toBe(hexToRgb(WUXING_TEXT.水));
    const unfavourable = screen.getByText('忌').nextElementSibling as HTMLElement;
    expect(unfavourable.textContent).toBe(xiyong.unfavourable.join(''));
    const reasons = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(reasons.map((r) => r.textContent)).toEqual(xiyong.reasons);
  });

  it('says what a 从格 means, since its use is the opposite of the plain verdict', () => {
    const { xiyong } = baziChart({ born: '公 1915-03-19 00:00', sex: '女', timeZone: 'UTC+8' });
    render(<XiyongCard xiyong={xiyong} />);
    expect(screen.getByText('从弱')).toBeTruthy();
    expect(screen.getByText('弃命从势，取用与身弱相反')).toBeTruthy();
  });

  it('bounds the score to the bar', () => {
    expect([scorePercent(-0.1), scorePercent(0.456), scorePercent(1.2)]).toEqual([0, 46, 100]);
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
