import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  AdminArticle,
  AdminArticleLabelList,
  AdminArticleList,
  AdminArticlePreview,
} from '@xuanli/contracts/admin-content';
import { describe, expect, it } from 'vitest';
import { discardQuestion, findDialog, findDiscardQuestion } from '@/testing/antd-queries';
import { type ApiCall, callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const anArticle = (overrides: Partial<AdminArticle> = {}): AdminArticle => ({
  id: 7,
  label: '宜忌',
  name: '嫁娶',
  title: '嫁娶',
  summary: '男娶女嫁，举行结婚大典的吉日',
  published: true,
  sort: 1,
  updatedAt: '2026-11-20T02:00:00.000Z',
  createdAt: '2026-01-01T02:00:00.000Z',
  html: '<p>婚嫁之事。</p>',
  ...overrides,
});

/** A fake articles API over `articles`; saving answers what the server would. */
function fakeArticlesApi(articles: AdminArticle[], options: { conflict?: boolean } = {}) {
  return installFakeApi((call: ApiCall) => {
    const me = meAnswer(call, 'editor');
    if (me) return me;
    if (call.method === 'GET' && call.path === '/articles/labels') {
      const labels: AdminArticleLabelList = {
        list: [
          { label: '协议', count: 2, published: 2 },
          { label: '宜忌', count: 1, published: 1 },
        ],
      };
      return okAnswer(labels);
    }
    if (call.method === 'GET' && call.path === '/articles') {
      const list = articles.filter((a) => !call.query.label || a.label === call.query.label);
      const page: AdminArticleList = { list, total: list.length };
      return okAnswer(page);
    }
    if (call.method === 'POST' && call.path === '/articles/preview') {
      // The server drops what its allow-list does not keep.
      const preview: AdminArticlePreview = {
        html: String(call.body.html).replace(/<script.*?<\/script>/g, ''),
      };
      return okAnswer(preview);
    }
    const one = /^\/articles\/(\d+)(?:\/(publish|unpublish))?$/.exec(call.path);
    const found = one ? articles.find((a) => a.id === Number(one[1])) : undefined;
    if (call.method === 'GET' && found) return okAnswer(found);
    if (call.method === 'POST' && found && one?.[2]) {
      found.published = one[2] === 'publish';
      return okAnswer(found);
    }
    if (call.method === 'POST' && found) {
      Object.assign(found, call.body);
      return okAnswer(found);
    }
    if (call.method === 'POST' && call.path === '/articles') {
      if (options.conflict)
        return failureAnswer('Conflict', '标签「帮助」下已有名称为「如何看黄历」的文章，请换一个名称');
      const created = anArticle({ ...(call.body as Partial<AdminArticle>), id: 99, published: false });
      articles.push(created);
      return okAnswer(created);
    }
    return undefined;
  });
}

describe('文章与标签', () => {
  it('lists articles, finds the 宜/忌 words with one click, and publishes from the list', async () => {
    const calls = fakeArticlesApi([
      anArticle(),
      anArticle({ id: 3, label: '协议', name: '用户协议', title: '玄历用户协议', published: false }),
    ]);
    const { user } = renderConsole({ path: '/content', role: 'editor' });
    expect(await screen.findByText('玄历用户协议')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '宜/忌 词条' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/articles').at(-1)?.query.label).toBe('宜忌'));
    await waitFor(() => expect(screen.queryByText('玄历用户协议')).toBeNull());

    await user.click(screen.getByRole('button', { name: '协议文本' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/articles').at(-1)?.query.label).toBe('协议'));
    const row = (await screen.findByText('玄历用户协议')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/articles/3/publish')).toHaveLength(1));
    expect(await screen.findByText('已发布「玄历用户协议」')).toBeTruthy();
  });

  it('edits an article beside its phone preview and saves it', async () => {
    const articles = [anArticle()];
    const calls = fakeArticlesApi(articles);
    const { user } = renderConsole({ path: '/content', role: 'editor' });
    const row = (await screen.findByText('名称：嫁娶')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const drawer = await findDialog('编辑文章：嫁娶');
    await waitFor(() =>
      expect(within(drawer).getByRole('textbox', { name: '标题' })).toHaveProperty('value', '嫁娶'),
    );

    const preview = within(drawer).getByRole('region', { name: '手机预览' });
    await waitFor(() => expect(within(preview).getByText('婚嫁之事。')).toBeTruthy());
    expect(within(drawer).getByRole('toolbar', { name: '正文格式' })).toBeTruthy();
    for (const tool of [
      '二级标题',
      '三级标题',
      '加粗',
      '斜体',
      '下划线',
      '无序列表',
      '有序列表',
      '引用',
      '插入链接',
      '插入图片',
    ]) {
      expect(within(drawer).getByRole('button', { name: tool })).toBeTruthy();
    }

    const title = within(drawer).getByRole('textbox', { name: '标题' });
    await user.clear(title);
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findByText('请填写标题')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/articles/7')).toHaveLength(0);

    await user.type(title, '嫁娶（新解）');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/articles/7')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/articles/7')[0].body).toEqual({
      title: '嫁娶（新解）',
      label: '宜忌',
      name: '嫁娶',
      summary: '男娶女嫁，举行结婚大典的吉日',
      sort: 1,
      html: '<p>婚嫁之事。</p>',
    });
    expect(await screen.findByText('文章已保存，App 中立即生效')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/articles/7/unpublish')).toHaveLength(1));
  });

  it('asks 放弃修改？ before ✕ or another page drops an edit, and not after it was saved', {
    timeout: 90_000,
  }, async () => {
    const calls = fakeArticlesApi([anArticle()]);
    const { user } = renderConsole({ path: '/content', role: 'editor' });
    const open = async () => {
      const row = (await screen.findByText('名称：嫁娶')).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: '编辑' }));
      const drawer = await findDialog('编辑文章：嫁娶');
      await waitFor(() =>
        expect(within(drawer).getByRole('textbox', { name: '标题' })).toHaveProperty('value', '嫁娶'),
      );
      return drawer;
    };
    let drawer = await open();
    await user.type(within(drawer).getByRole('textbox', { name: '摘要' }), '，宜择吉日');
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    // Still open, the text kept; another page of the console asks too.
    expect(within(drawer).getByRole('textbox', { name: '摘要' })).toHaveProperty(
      'value',
      '男娶女嫁，举行结婚大典的吉日，宜择吉日',
    );
    await user.click(within(screen.getByRole('menu')).getByText('命书解读'));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '继续编辑' }));
    expect(window.location.hash).toBe('#/content');

    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await screen.findByText('文章已保存，App 中立即生效');
    expect(callsTo(calls, 'POST', '/articles/7')).toHaveLength(1);
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText('编辑文章：嫁娶')).toBeNull());
    expect(discardQuestion()).toBeNull();

    drawer = await open();
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), '（新解）');
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(screen.queryByText('编辑文章：嫁娶')).toBeNull());
    expect(callsTo(calls, 'POST', '/articles/7')).toHaveLength(1);
  });

  it('creates a draft, showing a name already used beside the 名称 field', async () => {
    const calls = fakeArticlesApi([anArticle()], { conflict: true });
    const { user } = renderConsole({ path: '/content', role: 'editor' });
    await user.click(await screen.findByRole('button', { name: /新建文章/ }));
    const drawer = await findDialog('新建文章');
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), '如何看黄历');
    const label = within(drawer).getByRole('combobox', { name: '标签' });
    fireEvent.change(label, { target: { value: '帮助' } });
    await user.type(within(drawer).getByRole('textbox', { name: /^名称/ }), '如何看黄历');
    await user.click(within(drawer).getByRole('button', { name: '保存为草稿' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/articles')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/articles')[0].body).toMatchObject({
      label: '帮助',
      name: '如何看黄历',
      html: '',
    });
    expect(
      await within(drawer).findByText('标签「帮助」下已有名称为「如何看黄历」的文章，请换一个名称'),
    ).toBeTruthy();
  });
});
