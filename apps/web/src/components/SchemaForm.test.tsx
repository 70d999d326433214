import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from '@/lib/antd-mobile';
import { ApiError } from '@/lib/api';
import type { UploadOptions } from '@/lib/upload';
import {
  clampRating,
  FieldError,
  type FieldSchema,
  nextRating,
  SchemaForm,
  type SchemaFormProps,
  uploadCount,
} from './SchemaForm';

/** Uploads resolve when the test says so; each reports its progress through the real callback. */
const uploads: {
  file: File;
  options: UploadOptions;
  resolve: (url: string) => void;
  reject: (e: unknown) => void;
}[] = [];
vi.mock('@/lib/upload', () => ({
  uploadFile: (file: File, options: UploadOptions) =>
    new Promise((resolve, reject) => {
      uploads.push({ file, options, resolve: (url) => resolve({ url }), reject });
    }),
}));

beforeEach(() => {
  uploads.length = 0;
});

afterEach(async () => {
  await act(async () => Toast.clear());
});

function renderForm(props: Partial<SchemaFormProps> & { fields: FieldSchema[] }) {
  const onSubmit = props.onSubmit ?? vi.fn();
  render(<SchemaForm {...props} onSubmit={onSubmit} />);
  return { onSubmit: onSubmit as ReturnType<typeof vi.fn> };
}

async function submit(label = '立即提交') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: label }));
  });
}

const image = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('SchemaForm rules (PRODUCT.md#input-rules)', () => {
  it('drops a field with neither name nor label, with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderForm({
      fields: [
        { type: 'text', placeholder: '孤儿' },
        { name: 'nickname', label: '昵称', type: 'text' },
      ],
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.queryByPlaceholderText('孤儿')).toBeNull();
    expect(screen.getByLabelText('昵称')).toBeTruthy();
  });

  it('keys a field with only a label by its label', async () => {
    const { onSubmit } = renderForm({ fields: [{ label: '留言', type: 'text' }] });
    fireEvent.change(screen.getByLabelText('留言'), { target: { value: '你好' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ 留言: '你好' });
  });

  it('limits text fields to 140 characters by default, or to maxlength', () => {
    renderForm({
      fields: [
        { name: 'a', label: '甲', type: 'text' },
        { name: 'b', label: '乙', type: 'textarea' },
        { name: 'c', label: '丙', type: 'text', maxlength: 20 },
      ],
    });
    expect(screen.getByLabelText('甲').getAttribute('maxlength')).toBe('140');
    // antd-mobile's TextArea cuts the text itself (counting characters, not UTF-16 units) and shows it.
    expect(screen.getByText('0/140')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('乙'), { target: { value: '字'.repeat(150) } });
    expect((screen.getByLabelText('乙') as HTMLTextAreaElement).value).toHaveLength(140);
    expect(screen.getByLabelText('丙').getAttribute('maxlength')).toBe('20');
  });

  it('refuses a longer start value beside the field', async () => {
    const { onSubmit } = renderForm({
      fields: [{ name: 'a', label: '甲', type: 'text', maxlength: 3 }],
      initialValues: { a: '一二三四' },
    });
    await submit();
    expect(await screen.findByText('最多 3 个字')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('labels the submit button 立即提交 by default and submitLabel otherwise', () => {
    const { unmount } = render(
      <SchemaForm fields={[{ name: 'a', label: '甲', type: 'text' }]} onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: '立即提交' })).toBeTruthy();
    unmount();
    render(
      <SchemaForm
        fields={[{ name: 'a', label: '甲', type: 'text' }]}
        submitLabel="保存"
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
  });

  it('shows required messages beside their fields, default or given, and does not submit', async () => {
    const { onSubmit } = renderForm({
      fields: [
        { name: 'name', label: '姓名', type: 'text', required: true },
        {
          name: 'sex',
          label: '性别',
          type: 'radio',
          required: '请选择男或女',
          options: [{ label: '男', value: '男' }],
        },
        { name: 'score', label: '满意度', type: 'rating', required: true },
        { name: 'pics', label: '截图', type: 'upload', multi: true, required: true },
      ],
    });
    // The * of a required field is drawn by CSS: the field is still named 姓名.
    expect(screen.getByLabelText('姓名')).toBeTruthy();
    await submit();
    expect(await screen.findByText('请填写姓名')).toBeTruthy();
    expect(screen.getByText('请选择男或女')).toBeTruthy();
    expect(screen.getByText('请为满意度评分')).toBeTruthy();
    expect(screen.getByText('请上传截图')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('runs validate and shows its message beside the field', async () => {
    const { onSubmit } = renderForm({
      fields: [
        {
          name: 'n',
          label: '数字',
          type: 'text',
          validate: (v) => (/^\d+$/.test(String(v)) ? undefined : '请填数字'),
        },
      ],
    });
    fireEvent.change(screen.getByLabelText('数字'), { target: { value: '十二' } });
    await submit();
    expect(await screen.findByText('请填数字')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values of radio and selector fields', async () => {
    const { onSubmit } = renderForm({
      fields: [
        {
          name: 'sex',
          label: '性别',
          type: 'radio',
          options: [
            { label: '男', value: '男' },
            { label: '女', value: '女' },
          ],
        },
        {
          name: 'yun',
          label: '运势类型',
          type: 'selector',
          options: [
            { label: '财运', value: 'caiyun' },
            { label: '事业', value: 'shiye' },
          ],
          initialValue: 'caiyun',
        },
      ],
    });
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    fireEvent.click(screen.getByRole('option', { name: '事业' }));
    // Tapping the chosen option keeps it: a single choice cannot become none.
    fireEvent.click(screen.getByRole('option', { name: '事业' }));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ sex: '女', yun: 'shiye' });
  });
});

describe('rating', () => {
  it('clamps values into 1…max, 0 meaning not rated', () => {
    expect(clampRating(9)).toBe(5);
    expect(clampRating(9, 10)).toBe(9);
    expect(clampRating(0.4)).toBe(1);
    expect(clampRating(-2)).toBe(0);
    expect(clampRating('x')).toBe(0);
    expect(nextRating(3, 3, 5)).toBe(0);
    expect(nextRating(3, 3, 5, true)).toBe(3);
    expect(nextRating(3, 7, 5)).toBe(5);
  });

  it('shows a clamped start value, resets on tapping it again, and keeps it with noReset', async () => {
    const { onSubmit } = renderForm({
      fields: [
        { name: 'a', label: '服务', type: 'rating', initialValue: 9 },
        { name: 'b', label: '速度', type: 'rating', max: 3, noReset: true, initialValue: 2 },
      ],
    });
    const a = within(screen.getByRole('group', { name: '服务' }));
    expect(a.getAllByRole('button')).toHaveLength(5);
    expect(a.getByRole('button', { name: '5分' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(a.getByRole('button', { name: '5分' }));
    expect(a.getByRole('button', { name: '5分' }).getAttribute('aria-pressed')).toBe('false');
    const b = within(screen.getByRole('group', { name: '速度' }));
    expect(b.getAllByRole('button')).toHaveLength(3);
    fireEvent.click(b.getByRole('button', { name: '2分' }));
    expect(b.getByRole('button', { name: '2分' }).getAttribute('aria-pressed')).toBe('true');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ a: 0, b: 2 });
  });
});

describe('upload', () => {
  it('takes 1 picture by default, 9 with multi true, else multi', () => {
    expect(uploadCount(undefined)).toBe(1);
    expect(uploadCount(true)).toBe(9);
    expect(uploadCount(false)).toBe(1);
    expect(uploadCount(3)).toBe(3);
    renderForm({
      fields: [
        { name: 'a', label: '头像', type: 'upload' },
        { name: 'b', label: '截图', type: 'upload', multi: true },
        { name: 'c', label: '凭证', type: 'upload', multi: 3 },
      ],
    });
    expect(screen.getByLabelText('上传头像').hasAttribute('multiple')).toBe(false);
    expect(screen.getByText('上传图片')).toBeTruthy();
    expect(screen.getByText('添加图片 0/9')).toBeTruthy();
    expect(screen.getByText('添加图片 0/3')).toBeTruthy();
  });

  it('uploads with progress, for its purpose, and submits the URLs', async () => {
    const { onSubmit } = renderForm({
      fields: [{ name: 'images', label: '截图', type: 'upload', multi: 2, purpose: 'feedback' }],
    });
    const input = screen.getByLabelText('上传截图');
    fireEvent.change(input, { target: { files: [image('1.png'), image('2.png'), image('3.png')] } });
    // Only two fit; the reader is told.
    expect(await screen.findByText('最多上传 2 张图片')).toBeTruthy();
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.options.purpose).toBe('feedback');
    act(() => uploads[0]?.options.onProgress?.(45));
    const bar = screen.getByRole('progressbar', { name: '1.png 上传中' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(within(bar).getByText('上传中 45%')).toBeTruthy();
    // Submitting while a picture is still going up waits for it.
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      uploads[0]?.resolve('/api/files/one');
      uploads[1]?.resolve('/api/files/two');
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByAltText('截图 第1张').getAttribute('src')).toBe('/api/files/one');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ images: ['/api/files/one', '/api/files/two'] });
  });

  it('keeps a single picture as a string, removes it, and toasts a failed upload in Chinese', async () => {
    const { onSubmit } = renderForm({
      fields: [{ name: 'avatar', label: '头像', type: 'upload' }],
      initialValues: { avatar: '/api/files/old' },
    });
    expect(screen.getByAltText('头像').getAttribute('src')).toBe('/api/files/old');
    fireEvent.change(screen.getByLabelText('上传头像'), { target: { files: [image()] } });
    await act(async () => uploads[0]?.reject(new ApiError('file too large', 'PayloadTooLarge', 413)));
    expect(await screen.findByText('提交的内容太大，请精简后再试')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('上传头像'), { target: { files: [image()] } });
    await act(async () => uploads[1]?.resolve('/api/files/new'));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ avatar: '/api/files/new' });
    fireEvent.click(screen.getByRole('button', { name: '删除头像' }));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ avatar: '' });
  });

  it('shows the fallback picture when a thumbnail cannot load (PRODUCT.md#errors)', () => {
    renderForm({
      fields: [{ name: 'avatar', label: '头像', type: 'upload' }],
      initialValues: { avatar: '/x.png' },
    });
    const img = screen.getByAltText('头像');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});

describe('cacheKey (PRODUCT.md#screens)', () => {
  it('keeps the value in local storage and starts from it next time', async () => {
    const fields: FieldSchema[] = [{ name: 'name', label: '姓名', type: 'text', cacheKey: 'vip-name' }];
    const first = render(<SchemaForm fields={fields} onSubmit={vi.fn()} initialValues={{ name: '张三' }} />);
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李四' } });
    expect(JSON.parse(localStorage.getItem('vip-name') ?? 'null')).toBe('李四');
    first.unmount();
    render(<SchemaForm fields={fields} onSubmit={vi.fn()} initialValues={{ name: '张三' }} />);
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四');
  });
});

describe('submit failures', () => {
  it('shows an ApiError that names a field beside it, in Chinese', async () => {
    renderForm({
      fields: [{ name: 'nickname', label: '昵称', type: 'text' }],
      onSubmit: async () => {
        throw new ApiError('body/nickname must NOT have more than 20 characters', 'ValidationError', 400);
      },
    });
    await submit();
    expect(await screen.findByText('填写的内容格式不对，请检查后再试')).toBeTruthy();
    expect(document.querySelector('.adm-form-item-feedback-error')?.textContent).toBe(
      '填写的内容格式不对，请检查后再试',
    );
  });

  it("puts the server's refusal beside the field its answer names", async () => {
    // The API's ValidationError: a Chinese msg for developers and the refused field.
    const answer = { code: 'ValidationError', msg: '请求内容 nickname 最多 20 个字符', field: 'nickname' };
    renderForm({
      fields: [
        { name: 'name', label: '姓名', type: 'text' },
        { name: 'nickname', label: '昵称', type: 'text' },
      ],
      onSubmit: async () => {
        throw new ApiError(answer.msg, answer.code, 400, answer);
      },
    });
    await submit();
    const feedback = await screen.findAllByText('填写的内容格式不对，请检查后再试');
    expect(feedback).toHaveLength(1);
    expect(feedback[0].closest('.adm-form-item')?.textContent).toContain('昵称');
  });

  it('shows a FieldError beside its field', async () => {
    renderForm({
      fields: [{ name: 'nickname', label: '昵称', type: 'text' }],
      onSubmit: async () => {
        throw new FieldError('nickname', '这个昵称已被使用');
      },
    });
    await submit();
    expect(await screen.findByText('这个昵称已被使用')).toBeTruthy();
  });

  it('toasts any other failure with its Chinese message and lets the reader try again', async () => {
    let calls = 0;
    renderForm({
      fields: [{ name: 'nickname', label: '昵称', type: 'text' }],
      onSubmit: async () => {
        calls += 1;
        throw new ApiError('', 'InternalError', 500);
      },
    });
    await submit();
    await waitFor(() => expect(screen.getByText('服务器出了点问题，请稍后重试')).toBeTruthy());
    await submit();
    expect(calls).toBe(2);
  });
});
