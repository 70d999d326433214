/**
 * 我的提醒: the list with each event's next day as the server answers it, a 农历生日 added on the lunar
 * wheels, a blank title or a refusal said beside the field, and a deletion asked first.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CalendarEvent, CalendarEventBody } from '@xuanli/contracts/reminders';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answerDialog, installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import RemindersPage, { eventBody, eventDateText } from './RemindersPage';

const EVENTS = '/crm/calendar/events';

const saved = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 1,
  title: '结婚纪念日',
  date: '2010-10-01',
  lunar: null,
  repeat: 'yearly',
  remindDays: 3,
  next: { date: '2027-10-01' },
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** A fake of the events routes over `list`; `refuse` makes the next POST fail with that message. */
function fakeEvents(list: CalendarEvent[], refuse?: string) {
  return installFakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === EVENTS) return okAnswer({ list });
    if (method === 'POST' && path === EVENTS) {
      if (refuse) return failureAnswer('ValidationError', refuse);
      const sent = body as unknown as CalendarEventBody;
      const event = saved({
        id: 2,
        title: sent.title,
        date: sent.date ?? null,
        lunar: sent.lunar ? { leap: false, year: null, ...sent.lunar } : null,
        repeat: sent.repeat,
        remindDays: sent.remindDays ?? null,
        next: { date: '2027-05-14', lunarText: '农历四月初八' },
      });
      list.push(event);
      return okAnswer(event);
    }
    const del = /^\/crm\/calendar\/events\/(\d+)$/.exec(path);
    if (method === 'DELETE' && del) {
      list.splice(
        list.findIndex((e) => e.id === Number(del[1])),
        1,
      );
      return okAnswer({ id: Number(del[1]) });
    }
    return undefined;
  });
}

const select = (name: string, value: string) =>
  act(async () => fireEvent.change(screen.getByLabelText(name), { target: { value } }));

pageTests({ loggedIn: true });

describe('RemindersPage (pages/user/reminders)', () => {
  it('lists the events with their next day, and adds a 农历生日 from the lunar wheels', async () => {
    const calls = fakeEvents([saved()]);
    renderPage(<RemindersPage />, { path: paths.reminders.path });
    await screen.findByText('结婚纪念日');
    expect(screen.getByText(/公历10月1日 · 每年 · 提前 3 天提醒/)).toBeTruthy();
    expect(screen.getByText('下次：2027-10-01')).toBeTruthy();

    await act(async () =>
      fireEvent.change(screen.getByLabelText('提醒内容'), { target: { value: ' 妈妈生日 ' } }),
    );
    await select('年', '1960');
    await select('月', '4');
    await select('日', '8');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '添加' })));
    await screen.findByText('妈妈生日');
    expect(calls.filter((c) => c.method === 'POST')[0]!.body).toEqual({
      title: '妈妈生日',
      repeat: 'yearly',
      lunar: { month: 4, day: 8, leap: false, year: 1960 },
      remindDays: 1,
    });
    expect(screen.getByText('下次：2027-05-14（农历四月初八）')).toBeTruthy();
    expect(screen.getByText(/农历四月初八 · 每年 · 提前 1 天提醒/)).toBeTruthy();
  });

  it('says beside the field when the title is blank or the server refuses, and sends nothing blank', async () => {
    const calls = fakeEvents([], '最多保存 200 条提醒，请先删除不用的');
    renderPage(<RemindersPage />, { path: paths.reminders.path });
    await screen.findByText(/还没有提醒/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '添加' })));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写提醒内容，如“妈妈生日”');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await act(async () => fireEvent.change(screen.getByLabelText('提醒内容'), { target: { value: '体检' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '添加' })));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('最多保存 200 条提醒，请先删除不用的'),
    );
  });

  it('deletes an event after asking', async () => {
    const calls = fakeEvents([saved()]);
    renderPage(<RemindersPage />, { path: paths.reminders.path });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '删除：结婚纪念日' })));
    await answerDialog('确定');
    await screen.findByText(/还没有提醒/);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${EVENTS}/1`)).toBe(true);
  });

  it('reads dates and builds bodies as the wire wants them', () => {
    expect(
      eventDateText({ date: null, lunar: { month: 4, day: 8, leap: true, year: 1990 }, repeat: 'yearly' }),
    ).toBe('农历闰四月初八');
    expect(eventDateText({ date: '2027-03-05', lunar: null, repeat: 'none' })).toBe('2027年3月5日');
    expect(
      eventBody('体检', { calendar: 'solar', year: 2027, month: 3, day: 5, leap: false }, 'none', -1),
    ).toEqual({ title: '体检', repeat: 'none', date: '2027-03-05' });
  });
});
