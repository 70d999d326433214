/**
 * What the database must say after the load: every payment a client was told of is a paid order, no
 * order was paid twice, and each SKU's stock is its initial stock less the pieces paid for (once the
 * unpaid orders are cancelled). The queries run on the primary directly (or on the PGlite folder of
 * `--single` once its node has stopped); the judgements are pure functions, tested on their own.
 */

/** Order statuses of money received and kept (no refunds happen in the check). */
export const PAID_STATUSES = ['paid', 'shipped', 'done'];

/** A way to run SQL, the same over PostgreSQL and PGlite. */
export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** SQL over a PostgreSQL URL. */
export async function postgresSql(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

/** SQL over the PGlite folder `dataDir` (no server may hold it). */
export async function pgliteSql(dataDir: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir });
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** The confirmed orders whose row is not paid (or is missing): payments lost. */
export function lostPayments(confirmed: string[], rows: { order_no: string; status: string }[]): string[] {
  const status = new Map(rows.map((row) => [row.order_no, row.status]));
  return confirmed.filter((orderNo) => !PAID_STATUSES.includes(status.get(orderNo) ?? 'missing'));
}

/** A SKU whose stock does not add up. */
export interface StockMismatch {
  skuId: number;
  initial: number;
  paid: number;
  stock: number;
}

/** SKUs whose stock is not `initial − paid`. */
export function stockMismatches(
  initial: Map<number, number>,
  stockRows: { id: number; stock: number }[],
  paidRows: { sku_id: number; qty: number }[],
): StockMismatch[] {
  const stock = new Map(stockRows.map((row) => [Number(row.id), Number(row.stock)]));
  const paid = new Map(paidRows.map((row) => [Number(row.sku_id), Number(row.qty)]));
  const mismatches: StockMismatch[] = [];
  for (const [skuId, start] of initial) {
    const now = stock.get(skuId) ?? Number.NaN;
    const sold = paid.get(skuId) ?? 0;
    if (now !== start - sold) mismatches.push({ skuId, initial: start, paid: sold, stock: now });
  }
  return mismatches;
}

/** What the database said. */
export interface LedgerFindings {
  confirmed: number;
  lost: string[];
  paidTwice: string[];
  stock: StockMismatch[];
  /** Orders still pending after the cancellations (they would hold stock). */
  pending: number;
  /** Paid orders in the database, confirmed or not (an answer lost on the way is not a loss). */
  paidInDatabase: number;
  /** Pieces paid per SKU, for the summary. */
  paidPieces: Map<number, number>;
}

/** Runs the queries over `sql` for the `confirmed` orders and the SKUs of `initial`. */
export async function inspectLedger(
  sql: Sql,
  confirmed: string[],
  initial: Map<number, number>,
): Promise<LedgerFindings> {
  const skuIds = [...initial.keys()];
  const rows = await sql.query<{ order_no: string; status: string }>(
    'select order_no, status from orders where order_no = any($1::text[])',
    [confirmed],
  );
  const twice = await sql.query<{ order_no: string }>(
    `select order_no from payments where status in ('succeeded', 'refunded') group by order_no having count(*) > 1
     union
     select order_no from order_events where status = 'paid' group by order_no having count(*) > 1`,
  );
  const stockRows = await sql.query<{ id: number; stock: number }>(
    'select id, stock from skus where id = any($1::int[])',
    [skuIds],
  );
  const paidRows = await sql.query<{ sku_id: number; qty: number }>(
    `select oi.sku_id, sum(oi.qty)::int as qty from order_items oi join orders o on o.order_no = oi.order_no
     where oi.sku_id = any($1::int[]) and o.status = any($2::text[]) group by oi.sku_id`,
    [skuIds, PAID_STATUSES],
  );
  const [{ pending }] = await sql.query<{ pending: number }>(
    "select count(*)::int as pending from orders where status = 'pending'",
  );
  const [{ paid }] = await sql.query<{ paid: number }>(
    'select count(*)::int as paid from orders where status = any($1::text[])',
    [PAID_STATUSES],
  );
  return {
    confirmed: confirmed.length,
    lost: lostPayments(confirmed, rows),
    paidTwice: twice.map((row) => row.order_no),
    stock: stockMismatches(initial, stockRows, paidRows),
    pending: Number(pending),
    paidInDatabase: Number(paid),
    paidPieces: new Map(paidRows.map((row) => [Number(row.sku_id), Number(row.qty)])),
  };
}
