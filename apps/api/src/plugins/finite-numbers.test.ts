import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { postRaw } from '../../test/raw-body.ts';
import { nonFinitePath } from './finite-numbers.ts';

describe('nonFinitePath', () => {
  it('points at the first number that is not finite, at any depth', () => {
    expect(nonFinitePath({ a: 1, b: [2, { c: Number.POSITIVE_INFINITY }] })).toBe('/b/1/c');
    expect(nonFinitePath({ 'a/b': Number.NaN })).toBe('/a~1b');
    expect(nonFinitePath(Number.NEGATIVE_INFINITY)).toBe('');
    expect(nonFinitePath({ a: 1.5, b: '1e309', c: null, d: [0, -0, Number.MAX_VALUE] })).toBeUndefined();
  });

  it('walks ten thousand levels without running out of stack', () => {
    let deep: unknown = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(nonFinitePath(deep)).toBe('/0'.repeat(10_000));
  });

  it('leaves streams and buffers alone', () => {
    expect(nonFinitePath(Buffer.from([1, 2, 3]))).toBeUndefined();
    expect(nonFinitePath(new Map([['a', Number.NaN]]))).toBeUndefined();
  });
});

describe('requests carrying a number that is not finite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ready: false });
    const answer = async (request: { params: unknown; query: unknown; body: unknown }) => ({
      params: request.params,
      query: request.query,
      body: request.body,
    });
    t.app.post(
      '/api/test/numbers/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 10 }) }),
          querystring: Type.Object({ n: Type.Optional(Type.Union([Type.Integer(), Type.Literal('')])) }),
          body: Type.Object({
            qty: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
            any: Type.Optional(Type.Unknown()),
            name: Type.String(),
          }),
          headers: Type.Object({ 'X-Count': Type.Optional(Type.Integer({ maximum: 3 })) }),
        },
      },
      answer,
    );
    await t.app.ready();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('are refused in the body, also where the validator coerced a string', async () => {
    for (const qty of ['1e309', 'Infinity', '9'.repeat(310)]) {
      const res = await post('/api/test/numbers/1', { qty, name: 'x' });
      expect(res.statusCode, qty).toBe(400);
      expect(res.json(), qty).toEqual({
        code: 'ValidationError',
        msg: '请求内容 qty 不是有效的数字（太大或不是有限数）',
        field: 'qty',
      });
    }
    // A JSON number past the double range is Infinity once parsed; in a field of any type too.
    const raw = await postRaw(t, '/api/test/numbers/1', '{"name":"x","any":{"deep":[1,1e400]}}');
    expect(raw.json()).toEqual({
      code: 'ValidationError',
      msg: '请求内容 any.deep.1 不是有效的数字（太大或不是有限数）',
      field: 'any.deep.1',
    });
  });

  it('are refused in a union of the query', async () => {
    const res = await post('/api/test/numbers/1?n=-1e309', { name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('查询参数 n 不是有效的数字（太大或不是有限数）');
  });

  it('are reported for the path before anything wrong in the body', async () => {
    const res = await post('/api/test/numbers/Infinity', {});
    expect(res.json()).toEqual({
      code: 'ValidationError',
      msg: '路径参数 id 不是有效的数字（太大或不是有限数）',
      field: 'id',
    });
  });

  it('are refused in headers, whose names stay case-insensitive', async () => {
    expect((await post('/api/test/numbers/1', { name: 'x' }, { 'x-count': '1e309' })).statusCode).toBe(400);
    expect((await post('/api/test/numbers/1', { name: 'x' }, { 'x-count': '4' })).json().msg).toBe(
      '请求头 x-count 不能大于 3',
    );
  });

  it('let finite numbers through, coerced as before', async () => {
    const res = await post('/api/test/numbers/7?n=3', { qty: '2', name: 'x', any: [1.5] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      params: { id: 7 },
      query: { n: 3 },
      body: { qty: 2, name: 'x', any: [1.5] },
    });
  });
});
