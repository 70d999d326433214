/**
 * The shop's operator commands as `npm run admin` runs them (cli/commands.ts `runCommand`): setting a
 * SKU's stock, shipping a paid goods order with its tracking number (seen by the buyer), and
 * printing an order; each change with its audit row, every wrong use refused without a change.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { newBuyer, placeOrder } from '../../../test/shop-buyer.ts';
import { addOrderRow, addProduct, statusOf, stockOf } from '../../../test/shop-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { runCommand, UsageError } from '../../cli/commands.ts';
import { auditLog } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { createOrderLedger } from './ledger.ts';

describe('shop operator commands', () => {
  const t = useTestApp();
  const admin = (...argv: string[]) =>
    runCommand({ db: t.database.db, clock: t.clock, actor: 'ops@host', config: t.config }, argv);
  const auditOf = (target: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);

  /** A buyer's goods order of 2 pieces, paid through the ledger; answers its number and the buyer. */
  async function paidOrder() {
    const buyer = await newBuyer(t);
    const product = await addProduct(t.database.db, {
      title: '黄铜罗盘',
      skus: [{ price: 12800, stock: 5 }],
    });
    const { orderNo, total } = await placeOrder(t, buyer, [{ skuId: product.skuId, qty: 2 }]);
    const ledger = createOrderLedger({ clock: t.clock });
    const outcome = await t.database.db.transaction((tx) =>
      ledger.markPaid(tx, orderNo, {
        channel: 'alipay',
        amount: total,
        transactionId: `ali-${orderNo}`,
        paidAt: new Date(t.clock.now()),
      }),
    );
    expect(outcome).toBe('paid');
    return { token: buyer.token, userId: buyer.userId, orderNo, product };
  }

  it('sets a SKU’s stock with an audit row', async () => {
    const product = await addProduct(t.database.db, {
      title: '紫檀手串',
      skus: [{ price: 3900, stock: 3, title: '8mm' }],
    });
    expect(await admin('product', 'stock', String(product.skuId), '25', '--reason', '到货 22 串')).toBe(
      `sku ${product.skuId} 紫檀手串 8mm: stock 3 → 25`,
    );
    expect(await stockOf(t.database.db, product.skuId)).toBe(25);
    await admin('product', 'stock', String(product.skuId), '0');
    expect(await stockOf(t.database.db, product.skuId)).toBe(0);
    const rows = await auditOf(`sku:${product.skuId}`);
    expect(rows.map((row) => [row.action, row.actor, row.before, row.after, row.detail])).toEqual([
      ['sku.stock', 'ops@host', { stock: 3 }, { stock: 25 }, '到货 22 串'],
      ['sku.stock', 'ops@host', { stock: 25 }, { stock: 0 }, ''],
    ]);
    expect(rows[0].at).toEqual(new Date(FIXED_NOW));
  });

  it('refuses a wrong stock command line, an unknown SKU and an absurd count, changing nothing', async () => {
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 7 }] });
    const sku = String(product.skuId);
    for (const argv of [
      ['product', 'stock', sku],
      ['product', 'stock', sku, '-1'],
      ['product', 'stock', sku, 'ten'],
      ['product', 'stock', 'abc', '5'],
      ['product', 'stock', sku, '5', 'extra'],
    ]) {
      await expect(admin(...argv), argv.join(' ')).rejects.toBeInstanceOf(UsageError);
    }
    await expect(admin('product', 'stock', '2000000000', '5')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(admin('product', 'stock', '99999999999', '5')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(admin('product', 'stock', sku, '1000000')).rejects.toMatchObject({
      code: 'ValidationError',
    });
    expect(await stockOf(t.database.db, product.skuId)).toBe(7);
    expect(await auditOf(`sku:${sku}`)).toEqual([]);
  });

  it('ships a paid goods order with its tracking number, which the buyer then sees', async () => {
    const { token, orderNo } = await paidOrder();
    t.clock.advanceSeconds(3600);
    expect(await admin('order', 'ship', orderNo, '顺丰', 'SF1234567890')).toBe(
      `order ${orderNo} shipped: 顺丰 SF1234567890`,
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/shop/orders/${orderNo}`, headers: { token } })
    ).json().resData;
    expect(detail).toMatchObject({ status: 'shipped', tracking: '顺丰 SF1234567890' });
    expect(detail.timeline.at(-1)).toEqual({
      status: 'shipped',
      at: new Date(t.clock.now()).toISOString(),
      note: '顺丰 SF1234567890',
    });
    const rows = await auditOf(`order:${orderNo}`);
    expect(rows.map((row) => [row.action, row.actor, row.before, row.after])).toEqual([
      ['order.ship', 'ops@host', { status: 'paid' }, { status: 'shipped', tracking: '顺丰 SF1234567890' }],
    ]);
    // Shipped once is shipped: a second command is refused and writes nothing.
    await expect(admin('order', 'ship', orderNo, '圆通', 'YT1')).rejects.toMatchObject({
      code: 'OrderStateConflict',
      message: 'order is shipped',
    });
    expect(await auditOf(`order:${orderNo}`)).toHaveLength(1);
  });

  it('refuses to ship an unpaid order, a course order, an unknown one, or without tracking', async () => {
    const { userId } = await signIn(t, 'user');
    const product = await addProduct(t.database.db);
    const pending = await addOrderRow(t.database.db, { userId: userId!, status: 'pending', product });
    await expect(admin('order', 'ship', pending, '顺丰', 'SF1')).rejects.toMatchObject({
      code: 'OrderStateConflict',
      message: 'order is pending',
    });
    const course = await addOrderRow(t.database.db, {
      userId: userId!,
      status: 'paid',
      product,
      kind: 'course',
    });
    const refused = await admin('order', 'ship', course, '顺丰', 'SF1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('OrderStateConflict');
    expect(await statusOf(t.database.db, course)).toBe('paid');
    await expect(admin('order', 'ship', '20260115120000000000', 'SF1')).rejects.toMatchObject({
      code: 'NotFound',
    });
    await expect(admin('order', 'ship', pending)).rejects.toBeInstanceOf(UsageError);
    expect(await statusOf(t.database.db, pending)).toBe('pending');
  });

  it('prints an order in full', async () => {
    const { orderNo, userId, product } = await paidOrder();
    const text = await admin('order', 'show', orderNo);
    expect(text).toContain(`order ${orderNo} (goods) user ${userId}: paid 已支付`);
    expect(text).toContain(`#1 sku ${product.skuId} 黄铜罗盘 默认 × 2 @ ¥128.00`);
    expect(text).toContain('goods ¥256.00 + shipping ¥0.00 = ¥256.00');
    expect(text).toContain('ship to 张三 13800138000, 浙江省杭州市西湖区文三路 100 号 2 幢 301');
    expect(text).toContain(`via alipay (transaction ali-${orderNo})`);
    expect(text).toMatch(/timeline:\n {2}\S+ pending by buyer\n {2}\S+ paid by pay:alipay: 支付宝$/);
    await expect(admin('order', 'show', '20260115120000000000')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(admin('order', 'show')).rejects.toBeInstanceOf(UsageError);
  });
});
