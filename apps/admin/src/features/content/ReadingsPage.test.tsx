import { screen, waitFor, within } from '@testing-library/react';
import type { AdminReading, AdminReadingList } from '@xuanli/contracts/admin-content';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/testing/antd-queries';
import { callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const reading = (key: string, title: string, body: string, edited = false): AdminReading => ({
  key,
  group: key.split(':')[0],
  title,
  body,
  edited,
  updatedAt: '2026-11-20T02:00:00.000Z',
});

describe('命书解读', () => {
  it('lists the texts by group and saves an edited text', async () => {
    const readings = [
      reading('daymaster:甲', '甲木日主', '甲为阳木，犹如参天大树。'),
      reading('shensha:天乙贵人', '天乙贵人', '逢凶化吉之星。', true),
    ];
    const calls = installFakeApi((call) => {
      const me = meAnswer(call, 'editor');
      if (me) return me;
      if (call.method === 'GET' && call.path === '/readings') {
        const list = readings.filter((r) => !call.query.group || r.group === call.query.group);
        const answer: AdminReadingList = { list };
        return okAnswer(answer);
      }
      if (call.method === 'POST' && call.path === '/readings') {
        const changed = readings.find((r) => r.key === call.body.key) as AdminReading;
        Object.assign(changed, call.body, { edited: true });
        return okAnswer(changed);
      }
      return undefined;
    });
    const { user } = renderConsole({ path: '/readings', role: 'editor' });
    expect(await screen.findByText('甲木日主')).toBeTruthy();
    expect(screen.getByText('已修改')).toBeTruthy();

    const row = screen.getByText('甲木日主').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑解读：甲木日主');
    const body = within(dialog).getByRole('textbox', { name: '解读正文' });
    await user.clear(body);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写解读正文')).toBeTruthy();
    await user.type(body, '甲木参天，编辑改写。');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/readings')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/readings')[0].body).toEqual({
      key: 'daymaster:甲',
      title: '甲木日主',
      body: '甲木参天，编辑改写。',
    });
    expect(await screen.findByText('解读已保存，App 中立即生效')).toBeTruthy();
  });
});
