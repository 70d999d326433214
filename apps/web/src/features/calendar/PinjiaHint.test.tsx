import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bridgeLeave } from '@xuanli/almanac/leavePlanner';
import type { PinjiaAnswer } from '@xuanli/contracts/calendar';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { okAnswer } from '@/testing/fake-answers';
import { isolateHolidayTests } from '@/testing/holidays';
import CalendarPage from './CalendarPage';

/** 2026-10-01 12:00 Beijing: 国庆节, a day off of the built-in 2026 plan. */
const NATIONAL_DAY = Date.UTC(2026, 9, 1, 4);
/** 2026-10-13 12:00 Beijing: an ordinary Tuesday. */
const ORDINARY_DAY = Date.UTC(2026, 9, 13, 4);

/** The `leave` values the page asked /calendar/pinjia for, in order. */
let pinjiaAsked: string[] = [];

/**
 * Replaces fetch: no entered holiday days, and /calendar/pinjia answered as the API does (the engine's
 * bridgeLeave over the built-in plans); `offline` makes every request fail as without a network.
 */
function serve({ offline = false } = {}) {
  pinjiaAsked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (offline) throw new TypeError('Failed to fetch');
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/calendar/holidays') return okAnswer({ version: 0, years: [] });
      expect(url.pathname).toBe('/api/calendar/pinjia');
      const year = Number(url.searchParams.get('year'));
      const leave = Number(url.searchParams.get('leave'));
      pinjiaAsked.push(String(leave));
      const answer: PinjiaAnswer = { year, leave, list: bridgeLeave({ year, leave }) };
      return okAnswer(answer);
    }),
  );
}

function openCalendar(now: number) {
  vi.spyOn(Date, 'now').mockReturnValue(now);
  render(
    <MemoryRouter initialEntries={['/pages/index/index']}>
      <CalendarPage />
    </MemoryRouter>,
  );
}

const card = () => screen.getByRole('region', { name: '当日信息' });

/** The plan the hint should show for a date: 3 days of leave around its festival. */
function expectedPlan(date: string, leave = 3) {
  const plan = bridgeLeave({ year: 2026, leave }).find(
    (p) => p.holidays.length > 0 && p.from <= date && date <= p.to,
  );
  if (!plan) throw new Error(`no plan holds ${date}`);
  return plan;
}

isolateHolidayTests();

describe('拼假 in the day card', () => {
  it('says on a festival’s day off what three days of leave buy, and opens the plan day by day', async () => {
    serve();
    const user = userEvent.setup();
    openCalendar(NATIONAL_DAY);
    const plan = expectedPlan('2026-10-01');
    expect(plan).toMatchObject({ from: '2026-09-25', to: '2026-10-07', days: 13 });
    const hint = await within(card()).findByRole('button', { name: '拼假：请 3 天连休 13 天' });
    expect(pinjiaAsked).toEqual(['3']);
    await user.click(hint);
    const sheet = await screen.findByRole('dialog', { name: '拼假方案' });
    expect(within(sheet).getByRole('heading', { name: '中秋节、国庆节拼假' })).toBeTruthy();
    const days = within(within(sheet).getByRole('list', { name: '拼假日程' })).getAllByRole('listitem');
    expect(days).toHaveLength(13);
    expect(days[0]!.textContent).toBe('9月25日 周五休');
    expect(days[3]!.textContent).toBe('9月28日 周一请假');
    expect(days.filter((d) => d.textContent?.endsWith('请假'))).toHaveLength(3);
    expect(within(sheet).getByText(/连休/).textContent).toBe('请假 3 天，连休 13 天：9月25日至10月7日');

    // One day of leave: the sheet asks for that plan.
    await user.click(within(sheet).getByRole('radio', { name: '1天' }));
    const one = expectedPlan('2026-10-01', 1);
    await waitFor(() => expect(within(sheet).getByText(/连休/).textContent).toContain(`连休 ${one.days} 天`));
    expect(pinjiaAsked).toEqual(['3', '1']);
    await user.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '拼假方案' })).toBeNull());
  });

  it('asks nothing on an ordinary day, and shows nothing without a network', async () => {
    serve();
    openCalendar(ORDINARY_DAY);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(pinjiaAsked).toEqual([]);
    expect(within(card()).queryByRole('button', { name: /拼假/ })).toBeNull();
    cleanup();

    serve({ offline: true });
    openCalendar(NATIONAL_DAY);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(within(card()).queryByRole('button', { name: /拼假/ })).toBeNull();
    expect(within(card()).getByText(/国庆节假期/)).toBeTruthy();
  });

  it('links every day to 择日 from that day', () => {
    serve();
    openCalendar(ORDINARY_DAY);
    expect(within(card()).getByRole('link', { name: '择日' }).getAttribute('href')).toBe(
      '/pages/index/zeri?from=2026-10-13',
    );
  });
});
