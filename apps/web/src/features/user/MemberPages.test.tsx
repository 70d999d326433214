/**
 * The member pages built on SchemaForm and the session store: 个人资料, 设置密码, 意见反馈, 我的课程
 * and VIP福利. Uploads are held at `uploadFile` (src/lib/upload.ts, tested on its own).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { MyOrderList, PasswordResult } from '@xuanli/contracts/member';
import type { FeedbackResult } from '@xuanli/contracts/upload';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import type { UploadOptions } from '@/lib/upload';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { installFakeApi, loginAs, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { member } from '@/testing/members';
import FeedbackPage from './FeedbackPage';
import FuliPage from './FuliPage';
import MyclassPage from './MyclassPage';
import PasswordPage from './PasswordPage';
import ProfilePage from './ProfilePage';

const uploads: { options: UploadOptions; resolve: (url: string) => void }[] = [];
vi.mock('@/lib/upload', () => ({
  uploadFile: (_file: File, options: UploadOptions) =>
    new Promise((resolve) => {
      uploads.push({ options, resolve: (url) => resolve({ url }) });
    }),
}));

const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });

async function press(name: string) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
}

pageTests();
beforeEach(() => {
  uploads.length = 0;
});

describe('ProfilePage (pages/user/profile)', () => {
  it('uploads a new avatar with progress and saves only what changed', async () => {
    loginAs({ nickname: '旧名字' });
    const calls = installFakeApi(({ path, body }) =>
      path === '/crm/member/profile' ? okAnswer(member({ ...body })) : undefined,
    );
    renderPage(<ProfilePage />, { path: paths.profile.path });
    expect(screen.getByText('手机号：138****0000')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('上传头像'), { target: { files: [picture()] } });
    expect(uploads[0]?.options.purpose).toBe('avatar');
    act(() => uploads[0]?.options.onProgress?.(60));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    await act(async () => uploads[0]?.resolve('/api/files/avatars/new.webp'));

    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '  新名字 ' } });
    await press('保存');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ nickname: '新名字', avatar: '/api/files/avatars/new.webp' });
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('新名字'));
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('asks a visitor to log in and calls nothing', () => {
    const calls = installFakeApi(() => undefined);
    const { here } = renderPage(<ProfilePage />, { path: paths.profile.path });
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(here()).toBe(`${paths.login.path}?redirect=${paths.profile.path}`);
    expect(calls).toEqual([]);
  });
});

describe('PasswordPage (pages/user/password)', () => {
  it('sets a first password without asking for an old one', async () => {
    loginAs({ hasPassword: false });
    const calls = installFakeApi(({ path }) =>
      path === '/crm/member/password' ? okAnswer<PasswordResult>({ ok: true }) : undefined,
    );
    renderPage(<PasswordPage />, { path: paths.password.path });
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'short1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'short1' } });
    await press('设置密码');
    expect(await screen.findByText('密码需 8–64 位，同时包含字母和数字')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'xuanli2026' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'xuanli2025' } });
    await press('设置密码');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'xuanli2026' } });
    await press('设置密码');
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ password: 'xuanli2026' }]));
    await waitFor(() => expect(useSession.getState().user?.hasPassword).toBe(true));
  });

  it('asks for the current password when one is set, and shows a wrong one beside it', async () => {
    loginAs({ hasPassword: true });
    const calls = installFakeApi(({ path }) =>
      path === '/crm/member/password' ? failureAnswer('LoginFailed', 'old password wrong') : undefined,
    );
    renderPage(<PasswordPage />, { path: paths.password.path });
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'wrong123' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'xuanli2026' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'xuanli2026' } });
    await press('修改密码');
    expect(await screen.findByText('当前密码不对，请重新输入')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ password: 'xuanli2026', oldPassword: 'wrong123' });
  });
});

describe('FeedbackPage (pages/user/feedback)', () => {
  it('sends the text, rating, pictures and contact, then thanks the reader', async () => {
    loginAs();
    const calls = installFakeApi(({ path }) =>
      path === '/crm/feedback' ? okAnswer<FeedbackResult>({ id: 12 }) : undefined,
    );
    renderPage(<FeedbackPage />, { path: paths.feedback.path });
    await press('提交反馈');
    expect(await screen.findByText('请写下您的意见或建议')).toBeTruthy();
    expect(screen.getByText('请为玄历打个分')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('意见内容'), { target: { value: '  希望增加节气提醒  ' } });
    fireEvent.click(within(screen.getByRole('group', { name: '评分' })).getByRole('button', { name: '4分' }));
    const input = screen.getByLabelText('上传截图（选填，最多 9 张）');
    expect(input.hasAttribute('multiple')).toBe(true);
    fireEvent.change(input, { target: { files: [picture()] } });
    expect(uploads[0]?.options.purpose).toBe('feedback');
    await act(async () => uploads[0]?.resolve('/api/files/feedback/a.webp'));
    fireEvent.change(screen.getByLabelText('联系方式（选填）'), { target: { value: 'wx_xuanli' } });
    await press('提交反馈');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      content: '希望增加节气提醒',
      rating: 4,
      images: ['/api/files/feedback/a.webp'],
      contact: 'wx_xuanli',
    });
    expect(await screen.findByText('感谢反馈')).toBeTruthy();
  });

  it('shows a failure in Chinese and keeps what was written', async () => {
    loginAs();
    installFakeApi(({ path }) =>
      path === '/crm/feedback' ? failureAnswer('TooManyRequests', 'slow down') : undefined,
    );
    renderPage(<FeedbackPage />, { path: paths.feedback.path });
    fireEvent.change(screen.getByLabelText('意见内容'), { target: { value: '很好用' } });
    fireEvent.click(within(screen.getByRole('group', { name: '评分' })).getByRole('button', { name: '5分' }));
    await press('提交反馈');
    expect(await screen.findByText(ERROR_MESSAGES_ZH.TooManyRequests)).toBeTruthy();
    expect((screen.getByLabelText('意见内容') as HTMLTextAreaElement).value).toBe('很好用');
  });
});

describe('MyclassPage (pages/user/myclass)', () => {
  it('shows an empty state that leads to the classroom until a course exists', async () => {
    loginAs();
    const calls = installFakeApi(({ path }) =>
      path === '/crm/ketang/myorder' ? okAnswer({ list: [], total: 0 }) : undefined,
    );
    const { here } = renderPage(<MyclassPage />, { path: paths.myclass.path });
    expect(screen.getByText('还没有课程')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/crm/ketang/myorder']));
    fireEvent.click(screen.getByRole('button', { name: '去课堂看看' }));
    expect(here()).toBe(paths.ketang.path);
  });

  it('asks for the purchased courses on opening and lists them with cover, title and purchase day', async () => {
    loginAs();
    const courses: MyOrderList['list'] = [
      {
        courseId: 'bazi-101',
        title: '八字入门十二讲',
        cover: '/api/files/covers/bazi.webp',
        orderNo: '20260501103000123456',
        // 16:30 UTC is already the next day in Beijing.
        grantedAt: '2026-05-01T16:30:00Z',
      },
      {
        courseId: 'fengshui-2',
        title: '阳宅风水基础',
        cover: '',
        orderNo: '20260401090000654321',
        grantedAt: '2026-04-01T01:00:00Z',
      },
    ];
    // A course paid a moment ago is not in the store yet: the page asks the server.
    installFakeApi(({ path }) =>
      path === '/crm/ketang/myorder' ? okAnswer<MyOrderList>({ list: courses, total: 2 }) : undefined,
    );
    const { here, container } = renderPage(<MyclassPage />, { path: paths.myclass.path });
    expect(await screen.findByText('共 2 门课程')).toBeTruthy();
    expect(screen.getByText('购买于 2026-05-02')).toBeTruthy();
    expect(screen.getByText('购买于 2026-04-01')).toBeTruthy();
    const covers = [...container.querySelectorAll('img')];
    expect(covers.map((img) => img.getAttribute('src'))[0]).toBe('/api/files/covers/bazi.webp');
    // A course without a cover shows the fallback picture (PRODUCT.md#errors).
    expect(covers[1]?.getAttribute('data-fallback')).toBe('true');
    fireEvent.click(screen.getByText('八字入门十二讲'));
    expect(here()).toBe(paths.courseShow.getHref({ id: 'bazi-101' }));
  });

  it('shows how far each course has got and resumes in the player at the lesson watched last', async () => {
    loginAs();
    const courses: MyOrderList['list'] = [
      {
        courseId: 'bazi-rumen',
        title: '八字入门十二讲',
        cover: '',
        orderNo: '20260501103000123456',
        grantedAt: '2026-05-01T02:00:00Z',
        lessonsDone: 1,
        lessonsTotal: 4,
        lastLesson: 7,
        lastPosition: 95,
      },
      {
        courseId: 'zeri-shiwu',
        title: '择日实务',
        cover: '',
        orderNo: '20260401090000654321',
        grantedAt: '2026-04-01T01:00:00Z',
        lessonsDone: 0,
        lessonsTotal: 3,
        lastLesson: null,
        lastPosition: 0,
      },
    ];
    installFakeApi(({ path }) =>
      path === '/crm/ketang/myorder' ? okAnswer<MyOrderList>({ list: courses, total: 2 }) : undefined,
    );
    const { here } = renderPage(<MyclassPage />, { path: paths.myclass.path });
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['八字入门十二讲 学习进度', '25'],
      ['择日实务 学习进度', '0'],
    ]);
    expect(screen.getByText('已学 1/4 课时')).toBeTruthy();
    // A course never started opens at its first lesson: the player picks it.
    fireEvent.click(screen.getByRole('button', { name: '开始学习：择日实务' }));
    expect(here()).toBe(paths.coursePlayer.getHref({ course: 'zeri-shiwu' }));
    fireEvent.click(screen.getByRole('button', { name: '继续学习：八字入门十二讲' }));
    expect(here()).toBe(paths.coursePlayer.getHref({ course: 'bazi-rumen', lesson: 7 }));
  });
});

describe('FuliPage (pages/user/fuli)', () => {
  it('lists the five VIP benefits and opens the customer-service card', () => {
    useDialogs.setState({ name: null, params: {}, used: false });
    renderPage(<FuliPage />, { path: paths.fuli.path });
    expect(within(screen.getByRole('list', { name: 'VIP会员福利' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    fireEvent.click(screen.getByRole('button', { name: '联系客服开通' }));
    expect(useDialogs.getState().name).toBe('kefu');
  });
});
