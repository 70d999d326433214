import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { useSession } from '@/stores/session';
import { installFakeApi, renderPage } from '@/testing/app-harness';
import { failureAnswer } from '@/testing/fake-answers';
import { member } from '@/testing/members';
import { getMingshu, mingshuFileName } from './api/get-mingshu';
import { MingshuButton } from './MingshuButton';
import type { ChartRequest } from './profiles';

const REQUEST: ChartRequest = {
  name: '张三',
  sex: '男',
  born: '公 1990-05-10 08:00',
  zi: 'late',
  yunSchool: 2,
};
const PDF = '%PDF-1.7 fake';
const pdfAnswer = () =>
  new Response(PDF, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="mingshu.pdf"; filename*=UTF-8''${encodeURIComponent('张三命书.pdf')}`,
    },
  });

describe('MingshuButton (下载命书)', () => {
  beforeEach(() => useSession.getState().setUser(null));
  afterEach(() => vi.unstubAllGlobals());

  it('leads a reader without VIP to VIP福利 instead of a button the server would refuse', async () => {
    const calls = installFakeApi(() => undefined);
    useSession.getState().setUser(member());
    const page = renderPage(<MingshuButton request={REQUEST} />);
    expect(screen.queryByRole('button', { name: '下载命书' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: /下载命书是VIP福利/ }));
    expect(page.location()?.pathname).toBe(paths.fuli.path);
    expect(calls).toEqual([]);
  });

  it('downloads a VIP’s 命书 under the name the server gives, sending the chart body', async () => {
    const calls = installFakeApi((call) =>
      call.path.toLowerCase() === '/app/bln.suan/mingshu' ? pdfAnswer() : undefined,
    );
    useSession.getState().setUser(member({ vip_expire: '2099-01-01T00:00:00Z' }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:mingshu');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('张三命书.pdf');
      expect(this.href).toBe('blob:mingshu');
    });
    renderPage(<MingshuButton request={REQUEST} />);
    await userEvent.click(screen.getByRole('button', { name: '下载命书' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => [c.method, c.body])).toEqual([['POST', REQUEST]]);
    expect(await (created.mock.calls[0][0] as Blob).text()).toBe(PDF);
    created.mockRestore();
    clicked.mockRestore();
  });

  it('shows the server’s Chinese refusal beside the button', async () => {
    installFakeApi(() => failureAnswer('TooManyRequests', '操作太频繁，请稍后再试'));
    useSession.getState().setUser(member({ vip_expire: '2099-01-01T00:00:00Z' }));
    renderPage(<MingshuButton request={REQUEST} />);
    await userEvent.click(screen.getByRole('button', { name: '下载命书' }));
    expect((await screen.findByRole('alert')).textContent).toBe('操作太频繁，请稍后再试');
  });
});

describe('getMingshu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects a refusal as the ApiError of its envelope', async () => {
    installFakeApi(() => failureAnswer('Forbidden', '该功能仅限VIP会员使用'));
    const error = await getMingshu(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).code).toBe('Forbidden');
  });

  it('reads the UTF-8 file name, falling back to the profile’s name', () => {
    expect(mingshuFileName(`attachment; filename*=UTF-8''${encodeURIComponent('李四命书.pdf')}`, 'x')).toBe(
      '李四命书.pdf',
    );
    expect(mingshuFileName(null, '王五')).toBe('王五命书.pdf');
    expect(mingshuFileName("attachment; filename*=UTF-8''%E0%A4", '王五')).toBe('王五命书.pdf');
  });
});
