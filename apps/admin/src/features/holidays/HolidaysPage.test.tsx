import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  AdminHolidayChange,
  AdminHolidayDay,
  AdminHolidayList,
  HolidaySaveBody,
} from '@xuanli/contracts/holidays';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/testing/antd-queries';
import { type ApiCall, callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const NOTICE = '国务院办公厅关于2027年部分节假日安排的通知';

/** A fake holiday table: the entered days live in `days`, changed by the fake's POST and DELETE. */
function fakeHolidayApi(days: AdminHolidayDay[], refuse?: (body: HolidaySaveBody) => boolean) {
  let version = 3;
  const answer = (call: ApiCall): Response | undefined => {
    if (call.path !== '/holidays') return meAnswer(call, 'editor');
    if (call.method === 'GET') {
      const year = Number(call.query.year);
      const list: AdminHolidayList = {
        version,
        builtInYears: { from: 2004, to: 2026 },
        years: [{ year, days: days.filter((day) => day.date.startsWith(`${year}-`)), builtIn: [] }],
      };
      return okAnswer(list);
    }
    if (call.method === 'POST') {
      const body = call.body as unknown as HolidaySaveBody;
      if (refuse?.(body))
        return failureAnswer('ValidationError', `${body.date} is not a day of the calendar`);
      const saved: AdminHolidayDay = { ...body, updatedAt: '2026-11-20T02:00:00.000Z', updatedBy: 'wenbian' };
      const before = days.find((day) => day.date === body.date) ?? null;
      days.splice(0, days.length, ...days.filter((day) => day.date !== body.date), saved);
      days.sort((a, b) => a.date.localeCompare(b.date));
      version += 1;
      const change: AdminHolidayChange = { version, before, after: saved };
      return okAnswer(change);
    }
    if (call.method === 'DELETE') {
      const before = days.find((day) => day.date === call.query.date) ?? null;
      days.splice(0, days.length, ...days.filter((day) => day.date !== call.query.date));
      version += 1;
      const change: AdminHolidayChange = { version, before, after: null };
      return okAnswer(change);
    }
    return undefined;
  };
  return installFakeApi(answer);
}

const workday: AdminHolidayDay = {
  date: '2027-10-09',
  name: '国庆节',
  offDay: false,
  notice: NOTICE,
  updatedAt: '2026-11-20T01:00:00.000Z',
  updatedBy: 'chief',
};

/** Types `value` into a picker's input and confirms it as an operator would. */
function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Picks `year` in the page's year picker and waits for the page to ask for it. */
async function openYear(calls: ApiCall[], year: string) {
  typeDate(await screen.findByLabelText('年份'), year);
  await waitFor(() => expect(callsTo(calls, 'GET', '/holidays').at(-1)?.query).toEqual({ year }));
}

describe('holidays', () => {
  it('enters a range as one day per date, with name, 放假 and the notice', async () => {
    const calls = fakeHolidayApi([workday]);
    const { user } = renderConsole({ path: '/holidays', role: 'editor' });
    await openYear(calls, '2027');
    await screen.findByText('2027-10-09');

    await user.click(screen.getByRole('button', { name: /录入节假日/ }));
    const dialog = await findDialog('录入 2027 年节假日');
    await user.click(within(dialog).getByText('连续多天'));
    typeDate(await within(dialog).findByPlaceholderText('开始日期'), '2027-10-01');
    typeDate(within(dialog).getByPlaceholderText('结束日期'), '2027-10-07');
    await user.type(within(dialog).getByLabelText('名称'), '国庆节');
    // The notice of the year's entries is offered for new ones.
    expect((within(dialog).getByLabelText('通知名称') as HTMLInputElement).value).toBe(NOTICE);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await screen.findByText('已保存 7 天');
    expect(callsTo(calls, 'POST', '/holidays').map((call) => call.body)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((day) => ({
        date: `2027-10-${day}`,
        name: '国庆节',
        offDay: true,
        notice: NOTICE,
      })),
    );
    await screen.findByText('2027-10-07');
  });

  it('deletes an entered day after a confirmation', async () => {
    const calls = fakeHolidayApi([workday]);
    const { user } = renderConsole({ path: '/holidays', role: 'editor' });
    await openYear(calls, '2027');
    const row = (await screen.findByText('2027-10-09')).closest('tr') as HTMLElement;
    within(row).getByText('调休上班');

    await user.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByText('删除 2027-10-09（国庆节）？');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '删除' }));

    await screen.findByText('已删除 2027-10-09 的录入');
    expect(callsTo(calls, 'DELETE', '/holidays').map((call) => call.query)).toEqual([{ date: '2027-10-09' }]);
    await waitFor(() => expect(screen.queryByText('2027-10-09')).toBeNull());
  });

  it('stops at a refused day, says which one, and keeps the days saved before it', async () => {
    const calls = fakeHolidayApi([workday], (body) => body.date === '2027-10-03');
    const { user } = renderConsole({ path: '/holidays', role: 'editor' });
    await openYear(calls, '2027');
    await user.click(await screen.findByRole('button', { name: /录入节假日/ }));
    const dialog = await findDialog('录入 2027 年节假日');
    await user.click(within(dialog).getByText('连续多天'));
    typeDate(await within(dialog).findByPlaceholderText('开始日期'), '2027-10-01');
    typeDate(within(dialog).getByPlaceholderText('结束日期'), '2027-10-05');
    await user.type(within(dialog).getByLabelText('名称'), '国庆节');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await screen.findByText('2027-10-03 保存失败：填写的内容格式不对，请检查后再试（之前的 2 天已保存）');
    expect(callsTo(calls, 'POST', '/holidays').map((call) => call.body.date)).toEqual([
      '2027-10-01',
      '2027-10-02',
      '2027-10-03',
    ]);
    // The dialog stays open; the table behind it already shows the saved days.
    await findDialog('录入 2027 年节假日');
    await screen.findByText('2027-10-02');
  });

  it('refuses a range longer than a month beside the field', async () => {
    const calls = fakeHolidayApi([]);
    const { user } = renderConsole({ path: '/holidays', role: 'editor' });
    await openYear(calls, '2027');
    await user.click(await screen.findByRole('button', { name: /录入节假日/ }));
    const dialog = await findDialog('录入 2027 年节假日');
    await user.click(within(dialog).getByText('连续多天'));
    typeDate(await within(dialog).findByPlaceholderText('开始日期'), '2027-01-01');
    typeDate(within(dialog).getByPlaceholderText('结束日期'), '2027-02-15');
    await user.type(within(dialog).getByLabelText('名称'), '春节');
    await user.type(within(dialog).getByLabelText('通知名称'), NOTICE);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(dialog).findByText('一次最多录入 31 天');
    expect(callsTo(calls, 'POST', '/holidays')).toEqual([]);
  });
});
