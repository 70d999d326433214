/**
 * Test helper: a buyer of the shop and the steps a buyer's app takes through the API — placing an
 * order, starting its payment, paying in the sandbox, reading the order back — so that the tests of
 * payments, refunds and the console start from orders made the way the app makes them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signIn, testPhone } from './accounts.ts';
import type { TestApp } from './build.ts';
import { addAddress } from './shop-fixtures.ts';

/** A signed-in user with a 收货地址 of their own. */
export interface Buyer {
  token: string;
  userId: number;
  phone: string;
  addressId: number;
}

/** A fresh user (with `phone`) signed in, with a 收货地址. */
export async function newBuyer(t: TestApp, phone = testPhone()): Promise<Buyer> {
  const { token, userId } = await signIn(t, 'user', phone);
  return { token, userId: userId!, phone, addressId: await addAddress(t.database.db, userId!) };
}

/** One line of an order: a SKU and how many of it. */
export interface OrderLine {
  skuId: number;
  qty: number;
}

/** What `POST /api/shop/orders` answers about the order it made. */
export interface PlacedOrder {
  orderNo: string;
  total: number;
}

let orderKeys = 0;

/**
 * `POST /api/shop/orders` of `lines` as `buyer`, shipped to the buyer's 收货地址 when one is given (an
 * order without goods needs none), with an idempotency key of its own. Expects 200.
 */
export async function placeOrder(
  t: TestApp,
  buyer: { token: string; addressId?: number },
  lines: OrderLine[],
): Promise<PlacedOrder> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/orders',
    headers: { token: buyer.token },
    payload: {
      items: lines,
      ...(buyer.addressId === undefined ? {} : { addressId: buyer.addressId }),
      idempotencyKey: `test-order-${process.pid}-${++orderKeys}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderNo, total } = res.json().resData as PlacedOrder;
  return { orderNo, total };
}

/** `POST /api/shop/orders/{orderNo}/pay` with `body` (its channel, scene …) as `buyer`, or with no token. */
export function startPayment(
  t: TestApp,
  buyer: { token: string } | undefined,
  orderNo: string,
  body: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/shop/orders/${orderNo}/pay`,
    headers: buyer ? { token: buyer.token } : {},
    payload: body,
  });
}

/** `POST /api/pay/sandbox/{orderNo}/complete`: the sandbox's page reporting attempt `outTradeNo`'s result. */
export function completeInSandbox(
  t: TestApp,
  buyer: { token: string },
  orderNo: string,
  outTradeNo: string,
  result: 'success' | 'fail' = 'success',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/${orderNo}/complete`,
    headers: { token: buyer.token },
    payload: { outTradeNo, result },
  });
}

/**
 * Pays `orderNo` in the sandbox as its buyer (the attempt started, then completed): the attempt's
 * number and the order's status after (paid; done for an order without goods).
 */
export async function payInSandbox(
  t: TestApp,
  buyer: { token: string },
  orderNo: string,
): Promise<{ outTradeNo: string; status: string }> {
  const started = await startPayment(t, buyer, orderNo, { channel: 'sandbox' });
  expect(started.statusCode, started.body).toBe(200);
  const outTradeNo = started.json().resData.outTradeNo as string;
  const done = await completeInSandbox(t, buyer, orderNo, outTradeNo);
  return { outTradeNo, status: done.json().resData.status as string };
}

/** An order as its buyer's app shows it (the fields the tests read). */
export interface BuyerOrder {
  status: string;
  payChannel: string | null;
  tracking: string | null;
  timeline: { status: string; note: string }[];
  [field: string]: unknown;
}

/** `GET /api/shop/orders/{orderNo}` as `buyer`: the order as the buyer's app shows it. Expects 200. */
export async function buyerOrder(t: TestApp, buyer: { token: string }, orderNo: string): Promise<BuyerOrder> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shop/orders/${orderNo}`,
    headers: { token: buyer.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resData as BuyerOrder;
}
