import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CalendarPage from './CalendarPage';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="当前地址">{`${location.pathname}${location.search}`}</output>;
}

/** The calendar's own address, printed under it (as the browser's address bar would show it). */
function AddressLine() {
  const location = useLocation();
  return <p>{`地址 ${location.pathname}${location.search}`}</p>;
}

/** Opens the calendar with the clock set to `utc` (a UTC instant; the page reads it as Beijing time). */
function openCalendar(utc: number, entry = '/pages/index/index') {
  vi.spyOn(Date, 'now').mockReturnValue(utc);
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/pages/index/index"
          element={
            <>
              <CalendarPage />
              <AddressLine />
            </>
          }
        />
        <Route path="/pages/index/day" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function calendarAddress() {
  return screen.getByText(/^地址 /).textContent?.slice(3);
}

function cardHeading() {
  return within(screen.getByRole('region', { name: '当日信息' })).getByRole('heading', { level: 2 })
    .textContent;
}

function monthTitle() {
  return screen.getByRole('button', { name: /选择年月/ }).textContent;
}

function cell(name: RegExp) {
  return within(screen.getByRole('list', { name: /^\d+年\d+月$/ })).getByRole('button', { name });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CalendarPage', () => {
  // 2024-02-10 02:00 Beijing is still 2024-02-09 in UTC: the page must use the Beijing day.
  const springFestival = Date.UTC(2024, 1, 9, 18);

  it('opens on the Beijing day, with the header title 中华玄历', () => {
    openCalendar(springFestival);
    expect(screen.getByRole('heading', { level: 1, name: '中华玄历' })).toBeTruthy();
    expect(monthTitle()).toBe('2024年2月');
    const today = cell(/^2月10日/);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.getAttribute('aria-pressed')).toBe('true');
  });

  it('marks the 2024 Spring Festival break: 休 on 2-10, 班 on 2-04, and the festival labels', () => {
    openCalendar(springFestival);
    const newYear = cell(/^2月10日/);
    expect(within(newYear).getByText('休')).toBeTruthy();
    expect(within(newYear).getByText('春节')).toBeTruthy();
    expect(within(newYear).getByText('×3')).toBeTruthy();
    expect(within(cell(/^2月9日/)).getByText('除夕')).toBeTruthy();
    expect(within(cell(/^2月4日/)).getByText('班')).toBeTruthy();
    // An ordinary weekend carries no pay mark; 2-17 is a rest day of the break and is marked ×2.
    expect(within(cell(/^2月25日/)).queryByText(/×/)).toBeNull();
    expect(within(cell(/^2月17日/)).getByText('×2')).toBeTruthy();
  });

  it('starts the week on Monday: 2024-02-01 (a Thursday) is the fourth cell', () => {
    openCalendar(springFestival);
    const cells = within(screen.getByRole('list', { name: '2024年2月' })).getAllByRole('button');
    expect(cells[3].getAttribute('aria-label')).toMatch(/^2月1日/);
  });

  it('changes the month with the arrows and with a swipe', () => {
    openCalendar(springFestival);
    fireEvent.click(screen.getByRole('button', { name: '下个月' }));
    expect(monthTitle()).toBe('2024年3月');
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    expect(monthTitle()).toBe('2024年1月');

    const grid = screen.getByRole('list', { name: '2024年1月' });
    fireEvent.touchStart(grid, { touches: [{ clientX: 300, clientY: 200 }] });
    fireEvent.touchEnd(grid, { changedTouches: [{ clientX: 120, clientY: 210 }] });
    expect(monthTitle()).toBe('2024年2月');
  });

  it('goes back to today with 今', () => {
    openCalendar(springFestival);
    fireEvent.click(screen.getByRole('button', { name: '下个月' }));
    fireEvent.click(screen.getByRole('button', { name: '下个月' }));
    fireEvent.click(screen.getByRole('button', { name: '回到今天' }));
    expect(monthTitle()).toBe('2024年2月');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2024年2月10日 星期六');
  });

  it('shows the tapped day in the card: date, lunar date, 干支, 宜 and 忌', () => {
    openCalendar(springFestival);
    fireEvent.click(cell(/^2月4日/));
    const card = screen.getByRole('region', { name: '当日信息' });
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('2024年2月4日 星期日');
    expect(within(card).getByText('农历腊月廿五')).toBeTruthy();
    expect(within(card).getByText(/甲辰年/)).toBeTruthy();
    expect(within(card).getByText(/立春/)).toBeTruthy();
    expect(within(card).getByText(/班/)).toBeTruthy();
    const yi = within(card).getByRole('list', { name: '宜' });
    const ji = within(card).getByRole('list', { name: '忌' });
    expect(within(yi).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(ji).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(card).getByText('宜')).toBeTruthy();
    expect(within(card).getByText('忌')).toBeTruthy();
  });

  it('says the pay rule in words on a statutory holiday', () => {
    openCalendar(springFestival);
    const card = screen.getByRole('region', { name: '当日信息' });
    expect(within(card).getByText('法定节假日 三倍工资')).toBeTruthy();
    expect(within(card).getByText(/佛历 \d+年 · 道历 \d+年/)).toBeTruthy();
  });

  it('links the card to 老黄历 for the selected day', () => {
    openCalendar(springFestival);
    fireEvent.click(cell(/^2月14日/));
    fireEvent.click(screen.getByRole('link', { name: /查看老黄历/ }));
    expect(screen.getByRole('status', { name: '当前地址' }).textContent).toBe(
      '/pages/index/day?date=2024-02-14',
    );
  });

  it('keeps the week start chosen in the settings', async () => {
    openCalendar(springFestival);
    fireEvent.click(screen.getByRole('button', { name: '日历设置' }));
    // The sheets' chunk loads on the first tap in a test (no idle prefetch yet): give it time.
    fireEvent.click(await screen.findByText('周日开始', {}, { timeout: 5000 }));
    const cells = within(screen.getByRole('list', { name: '2024年2月' })).getAllByRole('button');
    expect(cells[4].getAttribute('aria-label')).toMatch(/^2月1日/);
    expect(localStorage.getItem('xuanli-week-start')).toBe('0');
  });

  it('lists 闰二月 on the lunar wheels for 2023 and jumps to the chosen date', async () => {
    openCalendar(Date.UTC(2023, 3, 1, 4)); // 2023-04-01, lunar 闰二月十一
    fireEvent.click(screen.getByRole('button', { name: /查询日期/ }));
    fireEvent.click(await screen.findByText('农历'));
    expect(await screen.findByText('闰二月')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2023年4月1日 星期六 · 农历闰二月十一');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
    });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2023年4月1日 星期六');
  });

  it('opens the year-month picker from the title and shows the chosen month', async () => {
    openCalendar(springFestival);
    fireEvent.click(screen.getByRole('button', { name: /选择年月/ }));
    expect(await screen.findByText('选择年月')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
    });
    expect(monthTitle()).toBe('2024年2月');
  });

  it('says so instead of failing on a day before the lunar tables (1900-01-31)', () => {
    openCalendar(Date.UTC(1900, 0, 10, 4));
    expect(monthTitle()).toBe('1900年1月');
    expect(screen.getByText(/早于农历表的起点/)).toBeTruthy();
    fireEvent.click(cell(/^1月31日/));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('1900年1月31日 星期三');
  });

  it('marks a make-up workday in the card as 班 and not as a rest day', () => {
    openCalendar(springFestival);
    fireEvent.click(cell(/^2月18日/));
    const card = screen.getByRole('region', { name: '当日信息' });
    expect(within(card).getByText(/春节调休 班/)).toBeTruthy();
    expect(within(card).queryByText(/倍工资/)).toBeNull();
  });

  it('comes back to the day the reader had selected (e.g. after 老黄历), but not on a later day', () => {
    openCalendar(springFestival);
    fireEvent.click(cell(/^2月14日/));
    cleanup();
    openCalendar(springFestival);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2024年2月14日 星期三');
    cleanup();
    openCalendar(springFestival + 86_400_000);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('2024年2月11日 星期日');
  });

  it('opens the month and day of a ?date= link, and keeps the address on the day shown', () => {
    openCalendar(springFestival, '/pages/index/index?date=2024-05-01');
    expect(monthTitle()).toBe('2024年5月');
    expect(cardHeading()).toBe('2024年5月1日 星期三');
    expect(cell(/^5月1日/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(cell(/^5月20日/));
    expect(calendarAddress()).toBe('/pages/index/index?date=2024-05-20');
  });

  it('says a ?date= it cannot show is invalid and shows today instead', () => {
    openCalendar(springFestival, '/pages/index/index?date=garbage');
    expect(screen.getByRole('alert').textContent).toBe('日期无效，已显示今天');
    expect(cardHeading()).toBe('2024年2月10日 星期六');
    // Choosing a day replaces the bad address, and the message goes with it.
    fireEvent.click(cell(/^2月14日/));
    expect(calendarAddress()).toBe('/pages/index/index?date=2024-02-14');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    openCalendar(springFestival, '/pages/index/index?date=1899-12-31');
    expect(screen.getByRole('alert').textContent).toMatch(/1899年12月31日不在可查范围.*已显示今天/);
    expect(monthTitle()).toBe('2024年2月');
  });

  it('folds the grid to the selected week, steps by weeks, and remembers the choice', () => {
    openCalendar(springFestival);
    const grid = () => screen.getByRole('list', { name: /^\d+年\d+月$/ });
    expect(within(grid()).getAllByRole('button')).toHaveLength(35);
    const fold = screen.getByRole('button', { name: '收起为一周' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fold);
    const week = within(grid()).getAllByRole('button');
    expect(week.map((day) => day.getAttribute('aria-label')?.split(' ')[0])).toEqual([
      '2月5日',
      '2月6日',
      '2月7日',
      '2月8日',
      '2月9日',
      '2月10日',
      '2月11日',
    ]);
    expect(localStorage.getItem('xuanli-calendar-grid')).toBe('"week"');

    fireEvent.click(screen.getByRole('button', { name: '下一周' }));
    fireEvent.click(screen.getByRole('button', { name: '下一周' }));
    fireEvent.click(screen.getByRole('button', { name: '下一周' }));
    expect(cardHeading()).toBe('2024年3月2日 星期六');
    expect(monthTitle()).toBe('2024年3月');
    expect(within(grid()).getAllByRole('button')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: '上一周' }));
    expect(cardHeading()).toBe('2024年2月24日 星期六');

    // Still folded after a reload; 展开整月 brings the month back.
    cleanup();
    openCalendar(springFestival);
    expect(within(grid()).getAllByRole('button')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: '展开整月' }));
    expect(within(grid()).getAllByRole('button')).toHaveLength(35);
    expect(screen.getByRole('button', { name: '下个月' })).toBeTruthy();
  });

  it('shortens a long festival name in its cell and keeps the full name for the reader', () => {
    openCalendar(Date.UTC(2024, 9, 31, 4)); // 2024-10-31, 万圣节前夜
    const halloween = cell(/^10月31日/);
    expect(halloween.getAttribute('aria-label')).toMatch(/万圣节前夜/);
    expect(within(halloween).getByText('万圣夜')).toBeTruthy();
    const card = screen.getByRole('region', { name: '当日信息' });
    expect(within(card).getByText('万圣节前夜')).toBeTruthy();
  });

  it('puts 查日期 in the header, beside the title, where it fits a 320 px screen', () => {
    openCalendar(springFestival);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: /查询日期/ }).textContent).toBe('查日期');
    expect(within(header).getByRole('button', { name: '日历设置' })).toBeTruthy();
  });
});
