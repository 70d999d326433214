import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HOLIDAYS_STORAGE_KEY } from '@/lib/holidays';
import { okAnswer } from '@/testing/fake-answers';
import { isolateHolidayTests } from '@/testing/holidays';
import AlmanacDayPage from './AlmanacDayPage';

/** TEST DATA, made up for this test (not a State Council notice): 2027-10-01 a day off of 国庆节. */
const MADE_UP = {
  version: 2,
  years: [
    {
      year: 2027,
      notices: ['测试用通知（虚构）'],
      updatedAt: '2026-12-01T00:00:00.000Z',
      days: [{ date: '2027-10-01', name: '国庆节', offDay: true }],
    },
  ],
};

function openDay(date: string) {
  vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2027, 9, 1, 4));
  render(
    <MemoryRouter initialEntries={[`/pages/index/day?date=${date}`]}>
      <Routes>
        <Route path="/pages/index/day" element={<AlmanacDayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

isolateHolidayTests();

describe('老黄历 with holidays entered after the build', () => {
  it('marks a day of the served table as 休, as the calendar does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => okAnswer(MADE_UP)),
    );
    openDay('2027-10-01');
    expect(screen.queryByText('国庆节假期 休')).toBeNull();
    expect(await screen.findByText('国庆节假期 休')).toBeTruthy();
  });

  it('uses the kept table offline', async () => {
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, JSON.stringify(MADE_UP));
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    openDay('2027-10-01');
    expect(screen.getByText('国庆节假期 休')).toBeTruthy();
    await waitFor(() => expect(offline).toHaveBeenCalledTimes(1));
    expect(screen.getByText('国庆节假期 休')).toBeTruthy();
  });
});
