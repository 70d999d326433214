import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, Button, ConfigProvider, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { aLogin } from '@/testing/fixtures';
import { ImageUpload } from './ImageUpload';

const URL_1 = '/api/files/console/images/2026/11111111-1111-4111-8111-111111111111.webp';

/** The file input of the field (the uploader renders a fresh one after each pick). */
const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

/** A form with one picture field; `submitted` receives the form's values. */
function renderField(props: { multiple?: boolean; initial?: string | string[] } = {}) {
  window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(aLogin('editor')));
  const submitted = vi.fn();
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <Form initialValues={{ cover: props.initial }} onFinish={submitted}>
          <Form.Item name="cover" label="封面">
            <ImageUpload multiple={props.multiple} label="上传封面" />
          </Form.Item>
          <Button htmlType="submit">保存</Button>
        </Form>
      </AntdApp>
    </ConfigProvider>,
  );
  return { user: userEvent.setup(), submitted };
}

const png = (name = 'cover.png', size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('ImageUpload', () => {
  it('uploads the picked picture with the bearer token and sets the field to its URL', async () => {
    const calls = installFakeApi((call) =>
      call.method === 'POST' && call.path === '/images' ? okAnswer({ url: URL_1 }) : undefined,
    );
    const { user, submitted } = renderField();
    expect(screen.getByText('上传封面')).toBeTruthy();
    await user.upload(input(), png());
    await waitFor(() => expect(document.querySelector(`img[src="${URL_1}"]`)).toBeTruthy());
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBe('Bearer jwt-editor');
    const sent = vi.mocked(fetch).mock.calls[0][1]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('cover.png');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ cover: URL_1 }));
    expect(screen.getByText('更换图片')).toBeTruthy();
  });

  it('keeps a list of URLs in a multiple field and removes one', async () => {
    installFakeApi(() => okAnswer({ url: URL_1 }));
    const first = URL_1.replace('1111-4111', '2222-4222');
    const { user, submitted } = renderField({ multiple: true, initial: [first] });
    await user.upload(input(), png('second.png'));
    await waitFor(() => expect(document.querySelector(`img[src="${URL_1}"]`)).toBeTruthy());
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(submitted).toHaveBeenLastCalledWith({ cover: [first, URL_1] }));
    await user.click(screen.getAllByRole('button', { name: /删除图片/ })[0]);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(submitted).toHaveBeenLastCalledWith({ cover: [URL_1] }));
  });

  it('refuses a file over 5 MB before sending it, and shows the server refusal of a non-picture', async () => {
    const calls = installFakeApi(() =>
      failureAnswer('UnsupportedMediaType', '只能上传 JPG、PNG、WebP 或 GIF 图片'),
    );
    const { user, submitted } = renderField();
    await user.upload(input(), png('huge.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('图片不能超过 5 MB')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.upload(input(), png('notes.png'));
    expect(await screen.findByText('只能上传 JPG、PNG、WebP 或 GIF 图片')).toBeTruthy();
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ cover: undefined }));
    expect(document.querySelector('img')).toBeNull();
  });
});
