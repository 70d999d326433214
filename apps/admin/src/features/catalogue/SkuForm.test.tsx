import { screen, within } from '@testing-library/react';
import type { AdminCategoryList, AdminProductDetail, AdminSku } from '@xuanli/contracts/admin-shop';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/testing/antd-queries';
import { type ApiCall, callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const CATEGORIES: AdminCategoryList = { list: [{ id: 5, name: '课程' }] };

const SKU: AdminSku = {
  id: 90,
  title: '默认',
  spec: {},
  image: '',
  price: 4_900,
  vipPrice: null,
  stock: 99_999,
  sort: 0,
};

function course(skus: AdminSku[] = [SKU]): AdminProductDetail {
  return {
    id: 9,
    kind: 'course',
    title: '八字入门二十讲',
    subtitle: '',
    cover: '/api/files/shop/demo/course-bazi.webp',
    categoryId: 5,
    categoryName: '课程',
    onShelf: true,
    sales: 0,
    skuCount: skus.length,
    lowestPrice: 4_900,
    stock: 99_999,
    sort: 0,
    images: [],
    description: '',
    originalPrice: null,
    courseId: 'bazi-rumen',
    sellid: null,
    options: [],
    skus,
  };
}

function fakeApi(extra: (call: ApiCall) => Response | undefined) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/catalogue/categories') return okAnswer(CATEGORIES);
    if (call.method === 'GET' && call.path === '/catalogue/products')
      return okAnswer({ list: [course()], total: 1 });
    if (call.method === 'GET' && call.path === '/catalogue/products/9') return okAnswer(course());
    return extra(call) ?? meAnswer(call, 'editor');
  });
}

/** Opens the course's 规格与库存 drawer as an editor, then the 编辑规格 dialog of its ¥49.00 SKU. */
async function openSkuEditing() {
  const { user } = renderConsole({ path: '/catalogue', role: 'editor' });
  await user.click(await screen.findByRole('button', { name: '规格与库存' }));
  const drawer = await findDialog('规格与库存：八字入门二十讲');
  const row = (await within(drawer).findByText('¥49.00')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: '编辑' }));
  return { user, drawer, dialog: await findDialog('编辑规格') };
}

describe('SKU 会员价', () => {
  it('says beside the field when the 会员价 is above the price, then sends it in 分', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST' && call.path === '/catalogue/skus/90'
        ? okAnswer(course([{ ...SKU, vipPrice: 3_900 }]))
        : undefined,
    );
    const { user, drawer, dialog } = await openSkuEditing();
    const field = within(dialog).getByLabelText('会员价');
    await user.type(field, '59');
    await user.click(within(dialog).getByRole('button', { name: '保存规格' }));
    await within(dialog).findByText('会员价不能高于价格');
    expect(callsTo(calls, 'POST', '/catalogue/skus/90')).toEqual([]);

    await user.clear(field);
    await user.type(field, '39');
    await user.click(within(dialog).getByRole('button', { name: '保存规格' }));
    await screen.findByText('规格「默认」已保存');
    expect(callsTo(calls, 'POST', '/catalogue/skus/90').map((call) => call.body)).toEqual([
      { title: '默认', spec: {}, image: '', price: 4_900, vipPrice: 3_900, sort: 0 },
    ]);
    await within(drawer).findByText('¥39.00');
  });

  it('sends null when the 会员价 is left empty', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST' && call.path === '/catalogue/skus/90' ? okAnswer(course()) : undefined,
    );
    const { user, dialog } = await openSkuEditing();
    await user.click(within(dialog).getByRole('button', { name: '保存规格' }));
    await screen.findByText('规格「默认」已保存');
    expect(callsTo(calls, 'POST', '/catalogue/skus/90').map((call) => call.body)).toEqual([
      { title: '默认', spec: {}, image: '', price: 4_900, vipPrice: null, sort: 0 },
    ]);
  });
});
