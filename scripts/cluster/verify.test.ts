/**
 * The check's database queries against the real schema (the API's migrations on an in-memory PGlite):
 * a renamed column or status would otherwise only show in a cluster run.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import { addProduct } from '../../apps/api/test/shop-fixtures.ts';
import { inspectLedger, type Sql } from './verify.ts';

describe('the ledger as the check reads it', () => {
  let client: PGlite;
  let sql: Sql;
  let skuA: number;
  let skuB: number;

  /** An order of `qty` pieces of `skuId` in `status`, with its events and payments. */
  async function order(
    orderNo: string,
    skuId: number,
    qty: number,
    status: string,
    paidEvents = 0,
    payments = 0,
  ) {
    await sql.query(
      `insert into orders (order_no, user_id, idempotency_key, status, kind, goods_total, shipping, total, created_at, pay_deadline)
       values ($1, 1, $1, $2, 'goods', 1000, 0, 1000, now(), now())`,
      [orderNo, status],
    );
    await sql.query(
      `insert into order_items (order_no, line, sku_id, product_id, kind, title, sku_title, cover, price, qty)
       select $1, 1, $2, product_id, 'goods', 't', 't', '', 1000, $3 from skus where id = $2`,
      [orderNo, skuId, qty],
    );
    for (let i = 0; i < paidEvents; i++)
      await sql.query(
        `insert into order_events (order_no, status, at, actor) values ($1, 'paid', now(), 'system')`,
        [orderNo],
      );
    for (let i = 0; i < payments; i++)
      await sql.query(
        `insert into payments (out_trade_no, order_no, channel, amount, status, created_at, expires_at)
         values ($1, $2, 'sandbox', 1000, 'succeeded', now(), now())`,
        [`${orderNo}-${i}`, orderNo],
      );
  }

  beforeAll(async () => {
    client = await PGlite.create();
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    sql = {
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      close: () => client.close(),
    };
    skuA = (await addProduct(db, { skus: [{ price: 1000, stock: 97 }] })).skuId;
    skuB = (await addProduct(db, { skus: [{ price: 1000, stock: 27 }] })).skuId;
    await order('O1', skuA, 2, 'paid', 1, 1);
    await order('O2', skuA, 1, 'done', 1, 1);
    await order('O3', skuB, 2, 'paid', 2, 2);
    await order('O4', skuB, 1, 'pending');
    await order('O5', skuB, 5, 'cancelled');
  }, 120_000);
  afterAll(() => sql?.close());

  it('finds lost payments, orders paid twice, stock that does not add up and pending orders', async () => {
    // A started at 100 and 3 were paid: 97 adds up. B started at 30, 2 paid and 1 still held by the
    // pending order: 27 is not 30 − 2.
    const initial = new Map([
      [skuA, 100],
      [skuB, 30],
    ]);
    const findings = await inspectLedger(sql, ['O1', 'O2', 'O4', 'O9'], initial);
    expect(findings.confirmed).toBe(4);
    expect(findings.lost).toEqual(['O4', 'O9']);
    expect(findings.paidTwice).toEqual(['O3']);
    expect(findings.stock).toEqual([{ skuId: skuB, initial: 30, paid: 2, stock: 27 }]);
    expect(findings.pending).toBe(1);
    expect(findings.paidInDatabase).toBe(3);
    expect(findings.paidPieces).toEqual(
      new Map([
        [skuA, 3],
        [skuB, 2],
      ]),
    );
  });
});
