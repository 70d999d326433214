/**
 * 日历订阅: making the secret link shows it as webcal://, as an https address and as a QR code; the
 * festival groups are sent with it, and changed on the live link at once; 重置链接 and 停止订阅 ask
 * first. The link is not shown again on a later visit (the server keeps only its hash).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FestivalChoice, SubscriptionState } from '@xuanli/contracts/reminders';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answerDialog, installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import { webcalUrl } from './api';
import SubscribePage from './SubscribePage';

const PATH = '/crm/calendar/subscription';
const OFF: FestivalChoice = { traditional: true, solar: true, buddhist: false, taoist: false };

/** A fake of the subscription routes; each POST answers a new token's URL. */
function fakeSubscription(start: SubscriptionState) {
  let state = start;
  let made = 0;
  const calls = installFakeApi(({ method, path, body }) => {
    if (path !== PATH) return undefined;
    if (method === 'GET') return okAnswer(state);
    if (method === 'POST') {
      made += 1;
      const festivals = { ...state.festivals, ...(body.festivals as Partial<FestivalChoice>) };
      state = { active: true, festivals, createdAt: '2026-11-28T08:00:00.000Z' };
      return okAnswer({
        url: `https://xuanli.example/api/calendar/feed/token${made}.ics`,
        festivals,
        createdAt: state.createdAt,
      });
    }
    if (method === 'PUT') {
      state = { ...state, festivals: { ...state.festivals, ...(body.festivals as Partial<FestivalChoice>) } };
      return okAnswer(state);
    }
    if (method === 'DELETE') {
      state = { ...state, active: false, createdAt: null };
      return okAnswer(state);
    }
    return undefined;
  });
  return calls;
}

const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

pageTests({ loggedIn: true });

describe('SubscribePage (pages/user/subscribe)', () => {
  it('makes the link with the chosen festivals and shows it as webcal://, https and a QR code', async () => {
    const calls = fakeSubscription({ active: false, festivals: OFF, createdAt: null });
    renderPage(<SubscribePage />, { path: paths.subscribe.path });
    await screen.findByRole('button', { name: '生成订阅链接' });
    expect(screen.getByText(/设置 → 日历 → 账户/)).toBeTruthy();
    expect(screen.getByText(/添加日历 → 从 Internet/)).toBeTruthy();
    await act(async () => fireEvent.click(checkbox(/佛教节日/)));
    await press('生成订阅链接');
    const url = 'https://xuanli.example/api/calendar/feed/token1.ics';
    expect((await screen.findByTestId('feed-url')).textContent).toBe(url);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      festivals: { ...OFF, buddhist: true },
    });
    expect(screen.getByRole('link', { name: '添加到手机日历' }).getAttribute('href')).toBe(
      'webcal://xuanli.example/api/calendar/feed/token1.ics',
    );
    const qr = (await screen.findByAltText('订阅链接二维码')) as HTMLImageElement;
    expect(decodeURIComponent(qr.src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
  });

  it('changes the festivals of a live link at once, resets and stops it after asking', async () => {
    const calls = fakeSubscription({ active: true, festivals: OFF, createdAt: '2026-11-01T00:00:00.000Z' });
    renderPage(<SubscribePage />, { path: paths.subscribe.path });
    await screen.findByText(/链接只在生成时显示一次/);
    expect(screen.queryByTestId('feed-url')).toBeNull();

    await act(async () => fireEvent.click(checkbox(/道教节日/)));
    await waitFor(() => expect(checkbox(/道教节日/).checked).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ festivals: { taoist: true } });

    await press('重置链接');
    await answerDialog('确定');
    expect((await screen.findByTestId('feed-url')).textContent).toMatch(/token1\.ics$/);

    await press('停止订阅');
    await answerDialog('确定');
    await screen.findByRole('button', { name: '生成订阅链接' });
    expect(screen.queryByTestId('feed-url')).toBeNull();
    expect(calls.map((c) => c.method)).toContain('DELETE');
  });

  it('writes the webcal:// form of an address', () => {
    expect(webcalUrl('https://a.example/api/calendar/feed/x.ics')).toBe(
      'webcal://a.example/api/calendar/feed/x.ics',
    );
    expect(webcalUrl('http://127.0.0.1:3000/f.ics')).toBe('webcal://127.0.0.1:3000/f.ics');
  });
});
