import { APP_ROUTE_TABLES } from '@xuanli/contracts/routes/index';
import { APP_ROUTES, CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { describe, expect, it } from 'vitest';
import { answerProblems, matchRoute } from './fake-routes.ts';
import { routeCaller, routePath } from './route-call.ts';
import { buildUrl } from './transport.ts';

describe('routePath', () => {
  it('fills path parameters, encoded, and leaves out the base the client already has', () => {
    expect(routePath(CONSOLE_ROUTES.shop.getOrdersByOrderNo, { orderNo: '2026 01' }, '/api/admin')).toBe(
      '/orders/2026%2001',
    );
    expect(routePath(APP_ROUTES.content.getFilesFile, { '*': 'a/b.png' }, '/api')).toBe('/files/a/b.png');
    expect(() => routePath(APP_ROUTES.shop.getProductsById, {}, '/api')).toThrow(/no id/);
  });
});

describe('routeCaller', () => {
  it('sends the route’s method, filled path, query and body to the app’s transport', async () => {
    // A fresh copy each time, so that a body the transport changed would not compare equal to itself.
    const address = () => ({
      name: '张三',
      phone: '13800138000',
      province: '北京市',
      city: '北京市',
      district: '东城区',
      detail: '一号',
      isDefault: false,
    });
    const sent: unknown[] = [];
    const call = routeCaller<{ signal?: AbortSignal }>('/api', async (...args) => {
      sent.push(args);
      return { id: 7 };
    });
    await expect(
      call(APP_ROUTES.shop.putAddressesById, {
        params: { id: 7 },
        body: address(),
      }),
    ).resolves.toEqual({ id: 7 });
    expect(sent[0]).toEqual([
      'PUT',
      '/shop/addresses/7',
      {
        query: undefined,
        body: address(),
      },
      undefined,
    ]);
  });
});

describe('buildUrl', () => {
  it('leaves out undefined values, and empty strings when asked', () => {
    expect(buildUrl('/api/', '/shop/products', { page: 2, q: undefined, c: '' })).toBe(
      '/api/shop/products?page=2&c=',
    );
    expect(buildUrl('/api/admin', 'audit', { a: 'x', b: '' }, { dropEmpty: true })).toBe(
      '/api/admin/audit?a=x',
    );
  });

  it('repeats the parameter of a list, in its order', () => {
    expect(buildUrl('/api', '/crm/ketang/lessons-by-tag', { tag: ['七杀', '十神'], size: 3 })).toBe(
      `/api/crm/ketang/lessons-by-tag?tag=${encodeURIComponent('七杀')}&tag=${encodeURIComponent('十神')}&size=3`,
    );
  });
});

describe('the fakes’ route checks', () => {
  it('finds a request’s route, app paths in any case, and nothing for a path no table has', () => {
    expect(matchRoute(APP_ROUTE_TABLES, 'GET', '/api/shop/products/12')?.name).toBe('shop.getProductsById');
    expect(matchRoute(APP_ROUTE_TABLES, 'POST', '/api/app/bln.Suan/miji')?.name).toBe('bazi.postMiji');
    expect(matchRoute(APP_ROUTE_TABLES, 'GET', '/api/shop/nowhere')).toBeNull();
    expect(matchRoute(APP_ROUTE_TABLES, 'DELETE', '/api/shop/products/12')).toBeNull();
  });

  it('names what is wrong with a success answer of the wrong shape, and passes one of the right shape', () => {
    const route = matchRoute(APP_ROUTE_TABLES, 'GET', '/api/shop/categories')?.route;
    if (!route) throw new Error('no route');
    expect(answerProblems(route, 200, { code: 0, msg: 'ok', resData: { list: [] } })).toEqual([]);
    expect(answerProblems(route, 200, { code: 0, msg: 'ok', resData: { items: 3 } })).not.toEqual([]);
    expect(answerProblems(route, 404, { code: 'NotFound', msg: '没有' })).toEqual([]);
  });
});
