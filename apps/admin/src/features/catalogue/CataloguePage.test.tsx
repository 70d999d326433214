import { screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryList, AdminProductList } from '@xuanli/contracts/admin-shop';
import { describe, expect, it } from 'vitest';
import { findDialog, findOption } from '@/testing/antd-queries';
import { aProduct, aProductDetail, PRODUCT_COVER as COVER } from '@/testing/catalogue-fixtures';
import { type ApiCall, callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const CATEGORIES: AdminCategoryList = {
  list: [
    { id: 1, name: '手串' },
    { id: 2, name: '摆件' },
  ],
};

function fakeCatalogueApi(extra: (call: ApiCall) => Response | undefined = () => undefined) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/catalogue/categories') return okAnswer(CATEGORIES);
    if (call.method === 'GET' && call.path === '/catalogue/products') {
      const list: AdminProductList = { list: [aProduct()], total: 1 };
      return okAnswer(list);
    }
    if (call.method === 'GET' && call.path === '/catalogue/products/7') return okAnswer(aProductDetail());
    return extra(call) ?? meAnswer(call, 'editor');
  });
}

describe('catalogue', () => {
  it('lists products and sends name, category and shelf state as the query', async () => {
    const calls = fakeCatalogueApi();
    const { user } = renderConsole({ path: '/catalogue', role: 'editor' });
    const row = (await screen.findByText('小叶紫檀手串')).closest('tr') as HTMLElement;
    within(row).getByText('¥39.00 起');
    within(row).getByText('未上架');
    expect(callsTo(calls, 'GET', '/catalogue/products')[0].query).toEqual({ page: '1', size: '20' });

    await user.type(screen.getByLabelText('商品名称'), '紫檀');
    await user.click(screen.getByLabelText('分类'));
    await user.click(await findOption('摆件'));
    await user.click(screen.getByLabelText('上架状态'));
    await user.click(await findOption('已上架'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/catalogue/products')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/catalogue/products')[1].query).toEqual({
      q: '紫檀',
      categoryId: '2',
      onShelf: 'true',
      page: '1',
      size: '20',
    });
  });

  it('creates a product: the fields say what is missing, the cover is uploaded, 原价 goes in 分', async () => {
    const calls = fakeCatalogueApi((call) => {
      if (call.method === 'POST' && call.path === '/images') return okAnswer({ url: COVER });
      if (call.method === 'POST' && call.path === '/catalogue/products')
        return okAnswer(aProductDetail({ id: 8, title: '黄铜罗盘', skus: [], skuCount: 0 }));
      if (call.method === 'GET' && call.path === '/catalogue/products/8')
        return okAnswer(aProductDetail({ id: 8, title: '黄铜罗盘', skus: [], skuCount: 0 }));
      return undefined;
    });
    const { user } = renderConsole({ path: '/catalogue', role: 'editor' });
    await user.click(await screen.findByRole('button', { name: /新建商品/ }));
    const drawer = await findDialog('新建商品');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await within(drawer).findByText('请输入商品名称');
    await within(drawer).findByText('请选择分类');
    await within(drawer).findByText('请上传封面');
    expect(callsTo(calls, 'POST', '/catalogue/products')).toEqual([]);

    await user.type(within(drawer).getByLabelText('商品名称'), '黄铜罗盘');
    await user.click(within(drawer).getByLabelText('分类'));
    await user.click(await findOption('摆件'));
    await user.type(within(drawer).getByLabelText('原价'), '299');
    const file = new File([new Uint8Array(100)], 'luopan.png', { type: 'image/png' });
    await user.upload(drawer.querySelector('input[type=file]') as HTMLInputElement, file);
    await waitFor(() => expect(drawer.querySelector(`img[src="${COVER}"]`)).toBeTruthy());
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await screen.findByText('商品已创建，添加规格后即可上架');
    expect(callsTo(calls, 'POST', '/catalogue/products').map((call) => call.body)).toEqual([
      {
        kind: 'goods',
        categoryId: 2,
        title: '黄铜罗盘',
        subtitle: '',
        cover: COVER,
        images: [],
        description: '',
        originalPrice: 29_900,
        courseId: null,
        sellid: null,
        sort: 0,
      },
    ]);
    // A new product goes on to its SKUs.
    await findDialog('规格与库存：黄铜罗盘');
  });

  it('sets a SKU’s stock and puts the product on the shelf', async () => {
    const calls = fakeCatalogueApi((call) => {
      if (call.path === '/catalogue/skus/70/stock')
        return okAnswer(aProductDetail({ skus: [{ ...aProductDetail().skus[0], stock: 25 }] }));
      if (call.path === '/catalogue/products/7/shelf') return okAnswer(aProductDetail({ onShelf: true }));
      return undefined;
    });
    const { user } = renderConsole({ path: '/catalogue', role: 'editor' });
    await user.click(await screen.findByRole('button', { name: '规格与库存' }));
    const drawer = await findDialog('规格与库存：小叶紫檀手串');
    const skuRow = (await within(drawer).findByText('尺寸：8mm')).closest('tr') as HTMLElement;
    await user.click(within(skuRow).getByRole('button', { name: '改库存' }));
    const dialog = await findDialog('修改库存');
    const stock = within(dialog).getByLabelText('库存');
    await user.clear(stock);
    await user.click(within(dialog).getByRole('button', { name: '保存库存' }));
    await within(dialog).findByText('请输入库存');
    await user.type(stock, '25');
    await user.type(within(dialog).getByLabelText('备注'), '到货 22 串');
    await user.click(within(dialog).getByRole('button', { name: '保存库存' }));
    await screen.findByText('「8mm」库存已改为 25');
    expect(callsTo(calls, 'POST', '/catalogue/skus/70/stock').map((call) => call.body)).toEqual([
      { stock: 25, reason: '到货 22 串' },
    ]);
    await within(drawer).findByText('25');
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));

    await user.click(screen.getByRole('button', { name: '上架' }));
    await screen.findByText('「小叶紫檀手串」已上架');
    expect(callsTo(calls, 'POST', '/catalogue/products/7/shelf').map((call) => call.body)).toEqual([
      { onShelf: true },
    ]);
  });

  it('is not offered to customer service', async () => {
    installFakeApi((call) => meAnswer(call, 'support'));
    renderConsole({ path: '/catalogue', role: 'support' });
    expect(await screen.findByText('无权访问')).toBeTruthy();
  });
});
