import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { HolidayTable } from '@xuanli/contracts/holidays';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HOLIDAYS_STORAGE_KEY } from '@/lib/holidays';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { isolateHolidayTests } from '@/testing/holidays';
import CalendarPage from './CalendarPage';

/**
 * TEST DATA, made up for these tests — not the State Council's 2027 notice: 国庆节 2027-10-01..07 off,
 * Saturday 2027-10-09 a make-up workday.
 */
function madeUp2027(version: number, lastOffDay = 7): HolidayTable {
  const days = Array.from({ length: lastOffDay }, (_, i) => ({
    date: `2027-10-0${i + 1}`,
    name: '国庆节',
    offDay: true,
  }));
  days.push({ date: '2027-10-09', name: '国庆节', offDay: false });
  return {
    version,
    years: [{ year: 2027, notices: ['测试用通知（虚构）'], updatedAt: '2026-12-01T00:00:00.000Z', days }],
  };
}

/** 2027-10-05 12:00 Beijing. */
const OCTOBER_2027 = Date.UTC(2027, 9, 5, 4);

/** Replaces fetch with the holiday route's answers; returns the query strings it was asked with. */
function serveHolidays(answer: (since: string | null) => Response | Promise<Response>): (string | null)[] {
  const asked: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      // A festival's day card also asks for its 拼假 plan (PinjiaHint.test.tsx): none here.
      if (url.pathname === '/api/calendar/pinjia') return failureAnswer('OUT_OF_RANGE', '没有放假安排');
      expect(url.pathname).toBe('/api/calendar/holidays');
      const since = url.searchParams.get('since');
      asked.push(since);
      return answer(since);
    }),
  );
  return asked;
}

function openCalendar() {
  vi.spyOn(Date, 'now').mockReturnValue(OCTOBER_2027);
  render(
    <MemoryRouter initialEntries={['/pages/index/index']}>
      <CalendarPage />
    </MemoryRouter>,
  );
}

function cell(name: RegExp) {
  return within(screen.getByRole('list', { name: '2027年10月' })).getByRole('button', { name });
}

const card = () => screen.getByRole('region', { name: '当日信息' });

isolateHolidayTests();

describe('calendar with holidays entered after the build', () => {
  it('shows the built-in plans alone until a table arrives, then marks 休/班 and keeps it', async () => {
    const asked = serveHolidays(() => okAnswer(madeUp2027(4)));
    openCalendar();
    // 2027 has no built-in plan: no 休 on 10-01 yet, no holiday on today's card (10-05).
    expect(within(cell(/^10月1日/)).queryByText('休')).toBeNull();
    expect(within(card()).queryByText(/国庆节假期/)).toBeNull();
    await waitFor(() => expect(within(cell(/^10月1日/)).getByText('休')).toBeTruthy());
    expect(within(cell(/^10月1日/)).getByText('×3')).toBeTruthy();
    expect(within(cell(/^10月9日/)).getByText('班')).toBeTruthy();
    expect(within(cell(/^10月8日/)).queryByText(/休|班/)).toBeNull();
    expect(within(card()).getByText('国庆节假期 休')).toBeTruthy();
    expect(asked).toEqual([null]);
    expect(JSON.parse(localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? 'null')).toEqual(madeUp2027(4));
  });

  it('uses the kept table at once and asks only for changes since its version', async () => {
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, JSON.stringify(madeUp2027(4)));
    const asked = serveHolidays(() => okAnswer({ version: 4, years: [] }));
    openCalendar();
    expect(within(cell(/^10月7日/)).getByText('休')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['4']));
    await act(async () => {});
    expect(within(cell(/^10月7日/)).getByText('休')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? 'null').version).toBe(4);
  });

  it('replaces the kept table by a newer one (a day deleted goes back to an ordinary day)', async () => {
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, JSON.stringify(madeUp2027(4)));
    serveHolidays(() => okAnswer(madeUp2027(5, 6)));
    openCalendar();
    expect(within(cell(/^10月7日/)).getByText('休')).toBeTruthy();
    await waitFor(() => expect(within(cell(/^10月7日/)).queryByText('休')).toBeNull());
    expect(within(cell(/^10月6日/)).getByText('休')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? 'null').version).toBe(5);
  });

  it('keeps the kept table offline', async () => {
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, JSON.stringify(madeUp2027(4)));
    const asked = serveHolidays(() => Promise.reject(new TypeError('Failed to fetch')));
    openCalendar();
    await waitFor(() => expect(asked).toHaveLength(1));
    await act(async () => {});
    expect(within(cell(/^10月1日/)).getByText('休')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? 'null').version).toBe(4);
  });

  it('falls back to the built-in plans on a damaged kept value and a failing answer', async () => {
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, JSON.stringify({ version: 'x', years: [{ days: 3 }] }));
    const asked = serveHolidays(() => new Response('oops', { status: 503 }));
    openCalendar();
    await waitFor(() => expect(asked).toEqual([null]));
    await act(async () => {});
    expect(within(cell(/^10月1日/)).queryByText('休')).toBeNull();
    expect(within(card()).queryByText(/国庆节假期/)).toBeNull();
  });
});
