import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@xuanli/contracts/member';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProfilesCache, writeOfferedProfiles, writeProfiles } from '@/stores/profiles';
import { useSession } from '@/stores/session';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';
import { savedProfile } from '@/testing/saved-profiles';
import { filterProfiles, ProfilesSheet } from './ProfilesSheet';
import type { SavedProfile } from './profiles';

const profile = savedProfile;

const book = [
  profile('张三', 3, { group: '客户', note: '来问事业 ABC' }),
  profile('李四', 2, { group: '家人', note: '表哥' }),
  profile('Wang Wu', 1, { group: '朋友' }),
];

const user: Profile = {
  id: 7,
  phone: '138****0000',
  nickname: '玄历用户',
  avatar: '',
  vip_expire: null,
  isVip: false,
  hasPassword: false,
};

function renderSheet(profiles: SavedProfile[], onAnnotate = vi.fn()) {
  render(
    <ProfilesSheet
      profiles={profiles}
      currentId={null}
      onSelect={vi.fn()}
      onDelete={vi.fn()}
      onNew={vi.fn()}
      onClose={vi.fn()}
      onAnnotate={onAnnotate}
    />,
  );
  return onAnnotate;
}

const listed = () =>
  within(screen.getByRole('list', { name: '已保存的命例' }))
    .getAllByRole('button', { name: /^切换到/ })
    .map((b) => b.getAttribute('aria-label')?.slice(3));

beforeEach(() => {
  // The kit's picker wheels capture the pointer; jsdom has no pointer capture.
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  localStorage.clear();
  resetProfilesCache();
  useSession.setState({ user: null, isLogin: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('filterProfiles', () => {
  it('finds Chinese substrings in the name and the note, ignoring case and full width', () => {
    expect(filterProfiles(book, '表哥', null).map((p) => p.name)).toEqual(['李四']);
    expect(filterProfiles(book, 'ａｂｃ', null).map((p) => p.name)).toEqual(['张三']);
    expect(filterProfiles(book, 'wang', null).map((p) => p.name)).toEqual(['Wang Wu']);
    expect(filterProfiles(book, '', '家人').map((p) => p.name)).toEqual(['李四']);
    expect(filterProfiles(book, '张', '家人')).toEqual([]);
  });
});

describe('ProfilesSheet', () => {
  it('narrows the list by the search and by a group chip', async () => {
    const ue = userEvent.setup();
    renderSheet(book);
    expect(listed()).toEqual(['张三', '李四', 'Wang Wu']);
    await ue.type(screen.getByRole('searchbox', { name: '搜索命例' }), '事业');
    expect(listed()).toEqual(['张三']);
    await ue.clear(screen.getByRole('searchbox', { name: '搜索命例' }));
    await ue.click(screen.getByRole('button', { name: '朋友' }));
    expect(listed()).toEqual(['Wang Wu']);
    await ue.click(screen.getByRole('button', { name: '全部' }));
    expect(listed()).toHaveLength(3);
  });

  it('files a profile under a group with a note and a dated event', async () => {
    // The kit's picker animates in with pointer events off, which jsdom never finishes.
    const ue = userEvent.setup({ pointerEventsCheck: 0 });
    const onAnnotate = renderSheet(book);
    await ue.click(screen.getByRole('button', { name: 'Wang Wu的备注与事件' }));
    await ue.click(screen.getByRole('button', { name: '名人' }));
    await ue.type(screen.getByRole('textbox', { name: '备注' }), '喜用木火');
    await ue.click(screen.getByRole('button', { name: '婚' }));
    await ue.click(screen.getByRole('button', { name: '添加' }));
    expect(screen.getByRole('alert').textContent).toBe('请先选日期');
    await ue.click(screen.getByRole('button', { name: '选日期' }));
    await ue.click(await screen.findByText('确定'));
    await ue.click(screen.getByRole('button', { name: '添加' }));
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(screen.getByRole('list', { name: '事件' }).textContent).toContain(`${day}婚`);
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(onAnnotate).toHaveBeenCalledWith(1, {
      group: '名人',
      note: '喜用木火',
      events: [{ date: day, text: '婚' }],
    });
  });

  it('tells a visitor that export and import come with a login', () => {
    renderSheet(book);
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(screen.getByText(/登录后命例存到账号/)).toBeTruthy();
  });

  it('refuses a file that is not JSON without sending it, and reports what the import saved', async () => {
    useSession.setState({ user, isLogin: true });
    writeProfiles([]);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/base/token')) return tokenAnswer('jwt', Date.now() / 1000);
        calls.push(`${init?.method ?? 'GET'} ${new URL(url, 'http://x').pathname}`);
        if (url.includes('/import')) return okAnswer({ imported: 2, skipped: 1 });
        if (url.includes('/crm/bazi/profiles')) return okAnswer({ list: [], total: 0 });
        return failureAnswer('NotFound', '没有找到相应内容');
      }),
    );
    const ue = userEvent.setup();
    renderSheet([]);
    const picker = screen.getByLabelText('选择命例文件');
    await ue.upload(picker, new File(['{not json'], 'x.json', { type: 'application/json' }));
    expect((await screen.findByRole('status')).textContent).toContain('不是玄历导出的命例文件');
    expect(calls).toEqual([]);
    const file = { format: 'xuanli-mingli', version: 1, profiles: [] };
    await ue.upload(picker, new File([JSON.stringify(file)], 'x.json', { type: 'application/json' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('已导入 2 个，1 个已有而跳过'),
    );
    expect(calls[0]).toBe('POST /api/crm/bazi/profiles/import');
  });

  it('offers a signed-in reader the profiles this phone kept before the login', () => {
    useSession.setState({ user, isLogin: true });
    writeOfferedProfiles([profile('表妹', 9)]);
    renderSheet([]);
    expect(screen.getByText('本机登录前存的 1 个命例还没存到账号。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '存到账号' })).toBeTruthy();
  });
});
