/**
 * 风水医院 (pages/ketang/fengshui): what a consultation covers, the shop's 风水 consultations with their
 * prices and 预约, the steps, the case articles linking to their pages, and 联系大师 opening the master
 * contact dialog with the master the consultation is booked with.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArticleListItem, ArticleSearchResult } from '@xuanli/contracts/article';
import type { ProductDetail, ProductList, ProductSummary } from '@xuanli/contracts/shop';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '@/components/dialogs/DialogHost';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';
import { type ApiCall, deferred, installFakeApi, pageTests, renderPage, textOf } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import FengshuiPage from './FengshuiPage';

const ONLINE: ProductSummary = {
  id: 17,
  kind: 'service',
  title: '线上风水咨询',
  subtitle: '七星堂·李师傅 · 看户型图给可落地的建议',
  cover: '/api/files/shop/service-fengshui.webp',
  price: 36800,
  vipPrice: null,
  originalPrice: null,
  sales: 12,
  categoryId: 6,
  skus: [
    { id: 171, price: 36800, vipPrice: null, stock: 20 },
    { id: 172, price: 56800, vipPrice: null, stock: 10 },
  ],
};

const VISIT: ProductSummary = {
  ...ONLINE,
  id: 18,
  title: '上门风水勘察',
  subtitle: '',
  price: 128800,
  skus: [{ id: 181, price: 128800, vipPrice: null, stock: 5 }],
};

/** The product page of `summary`, booked with master `sellid`. */
function detail(summary: ProductSummary, sellid: string | null): ProductDetail {
  return {
    ...summary,
    skus: summary.skus.map((sku) => ({ ...sku, title: '默认', spec: {}, image: '' })),
    images: [summary.cover],
    description: '<p>服务内容</p>',
    options: [],
    courseId: null,
    sellid,
    onShelf: true,
  };
}

function article(id: number, title: string, summary: string): ArticleListItem {
  return { id, label: '风水', name: title, title, summary, updatedAt: '2026-01-05T08:00:00.000Z' };
}

const CASES: ArticleSearchResult = {
  list: [
    article(301, '一套朝北老公寓的采光与动线调整', '挪开书柜、换浅色墙面，家里亮堂了。'),
    article(302, '社区小超市的入口与收银台布局', '让出入口、侧放收银台，进出顺畅了。'),
  ],
  total: 2,
};

const MASTER = {
  sellid: 2,
  avatar: '',
  nickname: '七星堂·李师傅',
  intro: '专注家居风水',
  wx: 'xuanli_li',
  qrcode: '',
};

interface Answers {
  products?: (call: ApiCall) => Response | Promise<Response>;
  product?: (call: ApiCall) => Response | Promise<Response>;
  cases?: (call: ApiCall) => Response;
}

/** The shop, the articles and the master, answering as given (by default: one consultation of master 2). */
function server({
  products = () => okAnswer<ProductList>({ list: [ONLINE, VISIT], total: 2 }),
  product = () => okAnswer(detail(ONLINE, '2')),
  cases = () => okAnswer(CASES),
}: Answers = {}) {
  return installFakeApi((call) => {
    if (call.path === '/shop/products') return products(call);
    if (call.path === `/shop/products/${ONLINE.id}`) return product(call);
    if (call.path === '/crm/article/search') return cases(call);
    if (call.path === '/crm/dashi') return okAnswer({ ...MASTER, sellid: Number(call.query.sellid ?? 1) });
    return undefined;
  });
}

const PAGE = paths.fengshui.path;
const region = (name: string) => screen.getByRole('region', { name });
const openPage = () =>
  renderPage(
    <>
      <FengshuiPage />
      <DialogHost />
    </>,
    { path: PAGE },
  );

pageTests();
afterEach(() => useDialogs.setState({ name: null, params: {} }));

describe('FengshuiPage (pages/ketang/fengshui)', () => {
  it('says what a consultation is and the spaces and steps it covers, promising no fortune', async () => {
    server();
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: '风水医院' })).toBeTruthy();
    const intro = region('什么是风水咨询');
    expect(textOf(intro)).toContain('现场或线上勘察');
    expect(textOf(intro)).toContain('书面方案');
    expect(textOf(intro)).toContain('不承诺发财');

    const scopes = within(region('服务范围')).getAllByRole('listitem');
    expect(scopes.map((item) => within(item).getByRole('strong').textContent)).toEqual([
      '住宅',
      '办公',
      '店铺',
      '厂房/仓库',
      '新居择日入宅',
    ]);
    for (const item of scopes) expect(textOf(item)!.length).toBeGreaterThan(20);

    const steps = within(region('服务流程')).getAllByRole('listitem');
    expect(steps.map((item) => within(item).getByRole('strong').textContent)).toEqual([
      '预约',
      '沟通需求',
      '勘察',
      '方案',
      '回访',
    ]);
    await screen.findByRole('link', { name: '预约线上风水咨询' });
  });

  it('lists the shop’s 风水 consultations with their prices, 预约 leading to the product page', async () => {
    const calls = server();
    const { here } = openPage();
    const services = region('服务项目');
    expect(within(services).getByRole('status', { name: '正在加载服务项目' })).toBeTruthy();

    const book = await within(services).findByRole('link', { name: '预约线上风水咨询' });
    const [online, visit] = within(services).getAllByRole('listitem');
    expect(textOf(online)).toBe('线上风水咨询七星堂·李师傅 · 看户型图给可落地的建议¥368.00起预约');
    expect(textOf(visit)).toBe('上门风水勘察¥1288.00预约');
    expect(calls.find((c) => c.path === '/shop/products')?.query).toEqual({
      kind: 'service',
      q: '风水',
      page: '1',
      size: '10',
    });

    fireEvent.click(book);
    expect(here()).toBe('/pages/shop/product?id=17');
  });

  it('lists the 风水 case articles, each opening its article', async () => {
    const calls = server();
    const { here } = openPage();
    const cases = region('案例');
    const first = await within(cases).findByRole('link', { name: /一套朝北老公寓的采光与动线调整/ });
    expect(textOf(first)).toContain('挪开书柜、换浅色墙面，家里亮堂了。');
    expect(
      within(cases)
        .getByRole('link', { name: /社区小超市的入口与收银台布局/ })
        .getAttribute('href'),
    ).toBe('/pages/index/article?id=302');
    expect(within(cases).queryByRole('link', { name: /查看全部/ })).toBeNull();
    expect(calls.find((c) => c.path === '/crm/article/search')).toMatchObject({
      method: 'POST',
      body: { label: '风水', page: 1, size: 5 },
    });

    fireEvent.click(first);
    expect(here()).toBe('/pages/index/article?id=301');
  });

  it('leads to all the cases on the label page when there are more than it shows', async () => {
    server({ cases: () => okAnswer({ ...CASES, total: 8 }) });
    const { here } = openPage();
    fireEvent.click(await within(region('案例')).findByRole('link', { name: '查看全部 8 个案例' }));
    expect(here()).toBe('/pages/index/label?label=风水');
  });

  it('opens the master contact dialog with the master the consultation is booked with', async () => {
    const held = deferred();
    const calls = server({
      product: async () => {
        await held.promise;
        return okAnswer(detail(ONLINE, '2'));
      },
    });
    openPage();
    const contact = screen.getByRole('button', { name: '联系大师' });
    // Until the consultation names its master, a tap could open the wrong one.
    await within(region('服务项目')).findByRole('link', { name: '预约线上风水咨询' });
    expect(contact.hasAttribute('disabled')).toBe(true);
    await act(async () => held.resolve());
    await waitFor(() => expect(contact.hasAttribute('disabled')).toBe(false));

    fireEvent.click(contact);
    expect(useDialogs.getState()).toMatchObject({ name: 'dashi', params: { sellid: 2 } });
    expect(await screen.findByRole('heading', { name: '七星堂·李师傅' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/crm/dashi').map((c) => c.query)).toEqual([{ sellid: '2' }]);
    // The master is read from the first consultation's page, not from any other.
    expect(calls.filter((c) => c.path.startsWith('/shop/products/')).map((c) => c.path)).toEqual([
      '/shop/products/17',
    ]);
  });

  it('with no consultation on sale, says so and 联系大师 opens the default master', async () => {
    server({ products: () => okAnswer<ProductList>({ list: [], total: 0 }) });
    openPage();
    expect(await within(region('服务项目')).findByText(/服务项目正在整理中/)).toBeTruthy();
    const contact = screen.getByRole('button', { name: '联系大师' });
    await waitFor(() => expect(contact.hasAttribute('disabled')).toBe(false));
    fireEvent.click(contact);
    expect(useDialogs.getState()).toMatchObject({ name: 'dashi', params: {} });
  });

  it('says a failed section in Chinese and loads it again on 重试', async () => {
    let fail = true;
    server({
      products: () =>
        fail ? failureAnswer('InternalError', 'boom') : okAnswer<ProductList>({ list: [ONLINE], total: 1 }),
      cases: () => okAnswer({ list: [], total: 0 }),
    });
    openPage();
    const services = region('服务项目');
    expect(textOf(await within(services).findByRole('alert'))).toContain('加载失败：服务器出了点问题');
    expect(await within(region('案例')).findByText('案例正在整理中，敬请期待。')).toBeTruthy();
    // The master cannot be read from the shop now: the dialog still opens, with the default master.
    expect(screen.getByRole('button', { name: '联系大师' }).hasAttribute('disabled')).toBe(false);

    fail = false;
    fireEvent.click(within(services).getByRole('button', { name: '重试' }));
    expect(await within(services).findByRole('link', { name: '预约线上风水咨询' })).toBeTruthy();
  });
});
