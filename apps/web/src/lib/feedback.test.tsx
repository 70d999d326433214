import { act, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAntdRender } from './antd-render';
import { notify, toast } from './feedback';

describe('toast and notify', () => {
  beforeAll(() => registerAntdRender());
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
