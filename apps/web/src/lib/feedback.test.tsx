import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// No renderer set-up here on purpose: importing the feedback helpers must be enough on React 19.
import { Toast } from './antd-mobile';
import { confirm, notify, toast } from './feedback';

describe('toast and notify', () => {
  afterEach(async () => {
    await act(async () => Toast.clear());
  });

  it('renders a toast through the React 19 renderer, in the middle for 1500 ms', async () => {
    const show = vi.spyOn(Toast, 'show');
    await act(async () => toast('已复制，请前往微信添加！'));
    expect(show).toHaveBeenCalledWith({
      content: '已复制，请前往微信添加！',
      icon: undefined,
      duration: 1500,
    });
    expect(await screen.findByText('已复制，请前往微信添加！')).toBeTruthy();
  });

  it('shows a notice at the top for 2500 ms', async () => {
    const show = vi.spyOn(Toast, 'show');
    await act(async () => notify('网络不稳定'));
    expect(show).toHaveBeenCalledWith({ content: '网络不稳定', position: 'top', duration: 2500 });
    expect(await screen.findByText('网络不稳定')).toBeTruthy();
  });
});

describe('confirm', () => {
  it('asks with 取消 / 确定 and resolves true when confirmed', async () => {
    let answer: Promise<boolean> | undefined;
    await act(async () => {
      answer = confirm({ content: '删除这份档案？' });
    });
    expect(await screen.findByText('删除这份档案？')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    // The dialog is still fading in (pointer-events: none), so click without a pointer check.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await expect(answer).resolves.toBe(true);
  });
});
