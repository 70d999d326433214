import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { installFakeApi, okAnswer } from '@/testing/fake-api';
import { aLogin } from '@/testing/fixtures';
import { RichTextEditor } from './RichTextEditor';

const PICTURE = '/api/files/console/images/2026/33333333-3333-4333-8333-333333333333.webp';

// ProseMirror scrolls the selection into view; jsdom has no layout, so rects are empty.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  for (const proto of [Range.prototype, Element.prototype] as {
    getClientRects: unknown;
    getBoundingClientRect: unknown;
  }[]) {
    proto.getClientRects = noRects;
    proto.getBoundingClientRect = emptyRect;
  }
  document.elementFromPoint = () => null;
});

function renderEditor(value: string) {
  window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(aLogin('editor')));
  const changed = vi.fn();
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <RichTextEditor value={value} onChange={changed} />
      </AntdApp>
    </ConfigProvider>,
  );
  return { user: userEvent.setup(), changed };
}

describe('RichTextEditor', () => {
  it('shows the value and turns the paragraph into a heading from the toolbar', async () => {
    const { user, changed } = renderEditor('<p>立春</p>');
    const area = await screen.findByRole('textbox', { name: '正文' });
    expect(area.textContent).toBe('立春');
    await user.click(screen.getByRole('button', { name: '二级标题' }));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('<h2>立春</h2>'));
    expect(screen.getByRole('button', { name: '二级标题' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '引用' }));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('<blockquote><h2>立春</h2></blockquote>'));
  });

  it('uploads a picture and inserts it by the URL the server answers', async () => {
    const calls = installFakeApi((call) =>
      call.path === '/images' ? okAnswer({ url: PICTURE }) : undefined,
    );
    const { user, changed } = renderEditor('<p>正文</p>');
    await screen.findByRole('textbox', { name: '正文' });
    const file = new File([new Uint8Array(64)], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('选择要插入的图片'), file);
    await waitFor(() =>
      expect(changed).toHaveBeenLastCalledWith(expect.stringContaining(`<img src="${PICTURE}"`)),
    );
    expect(calls[0].authorization).toBe('Bearer jwt-editor');
  });

  it('refuses a link the app would not follow, beside the field', async () => {
    const { user } = renderEditor('<p>看这里</p>');
    await screen.findByRole('textbox', { name: '正文' });
    await user.click(screen.getByRole('button', { name: '插入链接' }));
    const field = await screen.findByRole('textbox', { name: '链接地址' });
    await user.type(field, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/请填写 https:\/\/ 开头的网址/)).toBeTruthy();
  });
});
