import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryList, AdminProductList } from '@xuanli/contracts/admin-shop';
import { describe, expect, it } from 'vitest';
import { discardQuestion, findDialog, findDiscardQuestion } from '@/testing/antd-queries';
import { aProduct, aProductDetail } from '@/testing/catalogue-fixtures';
import { callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const CATEGORIES: AdminCategoryList = { list: [{ id: 1, name: '手串' }] };
const SUMMARY = aProduct();
const DETAIL = aProductDetail({
  options: [],
  skus: [{ id: 70, title: '8mm', spec: {}, image: '', price: 3_900, vipPrice: null, stock: 3, sort: 0 }],
});

function fakeApi() {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/catalogue/categories') return okAnswer(CATEGORIES);
    if (call.method === 'GET' && call.path === '/catalogue/products') {
      const list: AdminProductList = { list: [SUMMARY], total: 1 };
      return okAnswer(list);
    }
    if (call.method === 'GET' && call.path === '/catalogue/products/7') return okAnswer(DETAIL);
    if (call.method === 'POST' && call.path === '/catalogue/products/7')
      return okAnswer({ ...DETAIL, title: String(call.body.title) });
    return meAnswer(call, 'editor');
  });
}

/** Opens the product's drawer from the list. */
async function openEditor(user: ReturnType<typeof renderConsole>['user']) {
  const row = (await screen.findByText('小叶紫檀手串')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: '编辑' }));
  return findDialog('编辑商品：小叶紫檀手串');
}

/** The drawer's ✕. */
const closeButton = (drawer: HTMLElement) => within(drawer).getByRole('button', { name: '关闭' });

/** Whether a reload or tab close would be held back now. */
function reloadIsHeldBack(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('product editor: unsaved changes', () => {
  it('closes at once when nothing changed; asks 放弃修改？ on ✕ and 取消 after a change', {
    timeout: 90_000,
  }, async () => {
    fakeApi();
    const { user } = renderConsole({ path: '/catalogue', role: 'editor' });
    let drawer = await openEditor(user);
    expect(reloadIsHeldBack()).toBe(false);
    await user.click(closeButton(drawer));
    await waitFor(() => expect(screen.queryByText('编辑商品：小叶紫檀手串')).toBeNull());
    expect(discardQuestion()).toBeNull();

    drawer = await openEditor(user);
    await user.type(within(drawer).getByLabelText('商品名称'), '（老料）');
    expect(reloadIsHeldBack()).toBe(true);
    await user.click(within(drawer).getByRole('button', { name: '取消' }));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(within(drawer).getByLabelText('商品名称')).toHaveProperty('value', '小叶紫檀手串（老料）');

    // Typed back to what was saved: nothing to lose.
    const title = within(drawer).getByLabelText('商品名称');
    fireEvent.change(title, { target: { value: '小叶紫檀手串' } });
    expect(reloadIsHeldBack()).toBe(false);
    fireEvent.change(title, { target: { value: '小叶紫檀' } });

    await user.click(closeButton(drawer));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(screen.queryByText('编辑商品：小叶紫檀手串')).toBeNull());
    expect(reloadIsHeldBack()).toBe(false);
  });

  it('asks before another page of the console replaces the editor, and not after a save', {
    timeout: 90_000,
  }, async () => {
    const calls = fakeApi();
    const { user } = renderConsole({ path: '/catalogue', role: 'editor' });
    let drawer = await openEditor(user);
    await user.type(within(drawer).getByLabelText('商品名称'), '（老料）');
    await user.click(within(screen.getByRole('menu')).getByText('课程'));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(window.location.hash).toBe('#/catalogue');

    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await screen.findByText('商品已保存');
    expect(callsTo(calls, 'POST', '/catalogue/products/7')[0].body.title).toBe('小叶紫檀手串（老料）');
    await waitFor(() => expect(screen.queryByText('编辑商品：小叶紫檀手串')).toBeNull());
    expect(discardQuestion()).toBeNull();
    expect(reloadIsHeldBack()).toBe(false);

    drawer = await openEditor(user);
    await user.type(within(drawer).getByLabelText('副标题'), '，新到');
    await user.click(within(screen.getByRole('menu')).getByText('课程'));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(window.location.hash).toBe('#/courses'));
  });
});
