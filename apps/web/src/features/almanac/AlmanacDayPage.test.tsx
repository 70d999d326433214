import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AlmanacDayPage from './AlmanacDayPage';

function openDay(entry: string, nowUtc = Date.UTC(2024, 1, 10, 4)) {
  vi.spyOn(Date, 'now').mockReturnValue(nowUtc);
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/pages/index/day" element={<AlmanacDayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function dateHeading() {
  return within(screen.getByRole('region', { name: '日期' })).getByRole('heading', { level: 2 }).textContent;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AlmanacDayPage', () => {
  it('shows the day of the date query under the title 老黄历, with a back button', () => {
    openDay('/pages/index/day?date=2024-02-10');
    expect(screen.getByRole('heading', { level: 1, name: '老黄历' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    expect(dateHeading()).toBe('2024年2月10日 星期六');
    expect(screen.getByText('正月初一')).toBeTruthy();
    expect(screen.getByText(/甲辰年/)).toBeTruthy();
    expect(screen.getByText(/【龙年】/)).toBeTruthy();
  });

  it('defaults to today in Beijing', () => {
    openDay('/pages/index/day', Date.UTC(2024, 1, 9, 17)); // 2024-02-10 01:00 in Beijing
    expect(dateHeading()).toBe('2024年2月10日 星期六');
  });

  it('falls back to today for a malformed date, and says so', () => {
    openDay('/pages/index/day?date=2024-13-40');
    expect(dateHeading()).toBe('2024年2月10日 星期六');
    expect(screen.getByRole('alert').textContent).toBe('日期无效，已显示今天');
  });

  it('says why it shows today for garbage, a year out of range or a day before the lunar tables', () => {
    openDay('/pages/index/day?date=garbage');
    expect(screen.getByRole('alert').textContent).toMatch(/日期无效，已显示今天/);
    cleanup();
    openDay('/pages/index/day?date=1899-12-31');
    expect(screen.getByRole('alert').textContent).toMatch(/1899年12月31日不在可查范围.*已显示今天/);
    expect(dateHeading()).toBe('2024年2月10日 星期六');
    cleanup();
    openDay('/pages/index/day?date=1900-01-10');
    expect(screen.getByRole('alert').textContent).toMatch(/1900年1月10日早于农历表的起点.*已显示今天/);
    cleanup();
    // A good date (or none) has no message; stepping away from a bad one clears it.
    openDay('/pages/index/day?date=garbage');
    fireEvent.click(screen.getByRole('button', { name: '后一天' }));
    expect(dateHeading()).toBe('2024年2月11日 星期日');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the new day from its top after 后一天 at the bottom of the page', () => {
    openDay('/pages/index/day?date=2024-02-10');
    const scrollTo = vi.fn();
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1800);
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    const footer = screen.getByRole('navigation', { name: '翻日' });
    fireEvent.click(within(footer).getByRole('button', { name: /后一天/ }));
    expect(dateHeading()).toBe('2024年2月11日 星期日');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    // Focus lands on the new date, so a screen reader says which day it is.
    expect(document.activeElement?.textContent).toBe('2024年2月11日 星期日');
  });

  it('keeps 神煞 and 冲煞 names whole: each name is one unbreakable word', () => {
    openDay('/pages/index/day?date=2024-02-10');
    const shensha = screen.getByRole('region', { name: '神煞' });
    expect(within(shensha).getByText('金堂')).toBeTruthy();
    expect(within(shensha).getByText('金匮')).toBeTruthy();
    const items = screen.getByRole('region', { name: '今日要素' });
    expect(within(items).getByText('冲狗(戊戌)')).toBeTruthy();
  });

  it('lists 宜 and 忌 under their labels', () => {
    openDay('/pages/index/day?date=2024-02-10');
    const yiji = screen.getByRole('region', { name: '宜忌' });
    expect(within(yiji).getByText('宜')).toBeTruthy();
    expect(within(yiji).getByText('忌')).toBeTruthy();
    expect(within(yiji).getByRole('list', { name: '宜' })).toBeTruthy();
    expect(within(yiji).getByRole('list', { name: '忌' })).toBeTruthy();
  });

  it('shows 建除, 值神, 二十八宿, 彭祖百忌, 冲煞, 胎神 and the five directions', () => {
    openDay('/pages/index/day?date=2024-02-10');
    const items = screen.getByRole('region', { name: '今日要素' });
    for (const term of ['建除十二神', '值神', '二十八宿', '彭祖百忌', '冲煞', '胎神占方', '纳音', '旬空']) {
      expect(within(items).getByText(term)).toBeTruthy();
    }
    expect(within(items).getByText(/^[建除满平定执破危成收开闭]日$/)).toBeTruthy();
    expect(within(items).getByText(/黄道|黑道/)).toBeTruthy();
    const directions = screen.getByRole('region', { name: '吉神方位' });
    for (const god of ['喜神', '福神', '财神', '阳贵', '阴贵'])
      expect(within(directions).getByText(god)).toBeTruthy();
    expect(screen.getByText('吉神宜趋')).toBeTruthy();
    expect(screen.getByText('凶煞宜忌')).toBeTruthy();
  });

  it('shows the 12 double-hours, each with 干支 and a labelled 吉 or 凶', () => {
    openDay('/pages/index/day?date=2024-02-10');
    const hours = within(screen.getByRole('list', { name: '时辰吉凶' })).getAllByRole('listitem');
    expect(hours).toHaveLength(12);
    expect(hours[0].textContent).toMatch(/^子时/);
    for (const hour of hours) expect(hour.textContent).toMatch(/[吉凶]/);
    // 12:00 Beijing on the shown day is 午时, marked as now.
    expect(hours[6].getAttribute('aria-current')).toBe('time');
  });

  it('steps to the previous and next day with the buttons and a swipe', () => {
    openDay('/pages/index/day?date=2024-02-29');
    fireEvent.click(screen.getByRole('button', { name: '后一天' }));
    expect(dateHeading()).toBe('2024年3月1日 星期五');
    fireEvent.click(screen.getByRole('button', { name: '前一天' }));
    fireEvent.click(screen.getByRole('button', { name: '前一天' }));
    expect(dateHeading()).toBe('2024年2月28日 星期三');

    const body = screen.getByRole('region', { name: '日期' });
    fireEvent.touchStart(body, { touches: [{ clientX: 60, clientY: 300 }] });
    fireEvent.touchEnd(body, { changedTouches: [{ clientX: 260, clientY: 310 }] });
    expect(dateHeading()).toBe('2024年2月27日 星期二');
  });

  it('offers 今天 when showing another day', () => {
    openDay('/pages/index/day?date=2024-03-05');
    fireEvent.click(screen.getByRole('button', { name: '今天' }));
    expect(dateHeading()).toBe('2024年2月10日 星期六');
    expect(screen.queryByRole('button', { name: '今天' })).toBeNull();
  });

  it('shows the solar term with its exact time on the day of 立春', () => {
    openDay('/pages/index/day?date=2024-02-04');
    expect(screen.getByText(/立春 交节/).textContent).toMatch(/2024-02-04 \d{2}:\d{2}/);
  });

  it('does not step back past the first day of the lunar tables', () => {
    openDay('/pages/index/day?date=1900-01-31');
    fireEvent.click(screen.getByRole('button', { name: '前一天' }));
    expect(dateHeading()).toBe('1900年1月31日 星期三');
  });
});
