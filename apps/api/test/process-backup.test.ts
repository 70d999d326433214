/**
 * `npm run admin -- backup|restore` on the embedded database, as an operator runs them: a buyer's
 * orders written through the real server's API, a backup taken while that server keeps serving (over
 * its operator channel), restored into a new data folder and read back order by order; a restore
 * refused over a database without --force and while a server holds the folder; a backup taken with
 * no server running; PostgreSQL pointed to pg_dump.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { orders } from '../src/modules/shop/testing-tables.ts';
import { auditLog } from '../src/shared/audit.ts';
import {
  type Answer,
  issueToken,
  request,
  runAdmin,
  type ServerProcess,
  seededDataFolder,
  serverFolder,
  startServer,
  stopServer,
  waitHealthy,
} from './process-server.ts';

const root = serverFolder('xuanli-backup-');
// The server starts on a copy of the seeded template: its first start has tests of its own.
const live = seededDataFolder(join(root, 'live'));
const backupFile = join(root, 'backups', 'xuanli-1.tar.gz');

// PGlite's initdb takes ~10 s on an idle 2-core machine, and several times that while other suites run.
const FIRST_START_MS = 110_000;

/** An order as the buyer's 我的订单 lists it, and as the database must hold it after a restore. */
interface OrderLine {
  orderNo: string;
  total: number;
  status: string;
}

/** `resData` of a 200 answer, or a failure naming what came back. */
function resDataOf<T>(answer: Answer): T {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body).resData as T;
}

/** The orders of the database folder `dataDir` (no server on it), oldest first. */
async function ordersIn(dataDir: string): Promise<{ lines: OrderLine[]; restoredBy: string[] }> {
  const database: Database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    const rows = await database.db
      .select({ orderNo: orders.orderNo, total: orders.total, status: orders.status })
      .from(orders)
      .orderBy(asc(orders.orderNo));
    const audits = await database.db
      .select({ actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.action, 'database.restore'));
    return { lines: rows, restoredBy: audits.map((row) => row.actor) };
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  let server: ServerProcess;
  let token: string;
  let addressId: number;
  /** What the buyer's order list said just before the backup. */
  let before: OrderLine[];
  /** An order made after the backup, which a restore of it must not hold. */
  let after: string;

  /** A call of the buyer's with their token. */
  const call = (path: string, method = 'GET', body?: unknown) =>
    request(server, path, {
      method,
      headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let orderCount = 0;
  /** A new order of `qty` × `skuId`, answered as created. */
  const order = async (skuId: number, qty: number, withAddress: boolean) =>
    resDataOf<OrderLine>(
      await call('/api/shop/orders', 'POST', {
        items: [{ skuId, qty }],
        ...(withAddress ? { addressId } : {}),
        idempotencyKey: `backup-test-${++orderCount}`,
      }),
    );

  /** Pays `orderNo` at the sandbox cashier, as its 确认支付 does; answers the order's status. */
  async function pay(orderNo: string): Promise<string> {
    const start = resDataOf<{ url: string }>(
      await call(`/api/shop/orders/${orderNo}/pay`, 'POST', { channel: 'sandbox' }),
    );
    const outTradeNo = new URLSearchParams(start.url.split('?')[1]).get('outTradeNo');
    const done = resDataOf<{ status: string }>(
      await call(`/api/pay/sandbox/${orderNo}/complete`, 'POST', { outTradeNo, result: 'success' }),
    );
    return done.status;
  }

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: live });
    await waitHealthy(server, FIRST_START_MS);
    // A buyer logs in with the code the development outbox received.
    const phone = '13912345678';
    token = await issueToken(server);
    expect((await call('/api/crm/member/sms', 'POST', { phone })).status).toBe(200);
    const outbox = readFileSync(join(live, 'outbox', 'sms.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const { code } = JSON.parse(outbox.at(-1) as string) as { code: string };
    token = resDataOf<{ jwt: string }>(await call('/api/crm/member/login', 'POST', { phone, code })).jwt;
    addressId = resDataOf<{ id: number }>(
      await call('/api/shop/addresses', 'POST', {
        name: '张三',
        phone,
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        detail: '科技园 1 号',
        isDefault: true,
      }),
    ).id;
  }, FIRST_START_MS + 30_000);

  it('writes orders through the API: pending, paid, done and cancelled', async () => {
    const { list } = resDataOf<{
      list: { id: number; kind: string; skus: { id: number; stock: number }[] }[];
    }>(await call('/api/shop/products?size=50'));
    const skuOf = (kind: string) =>
      list
        .find((product) => product.kind === kind && product.skus.some((sku) => sku.stock >= 5))
        ?.skus.find((sku) => sku.stock >= 5)?.id as number;
    const goods = skuOf('goods');
    const course = skuOf('course');
    expect(goods && course).toBeTruthy();
    await order(goods, 2, true);
    expect(await pay((await order(goods, 1, true)).orderNo)).toBe('paid');
    expect(await pay((await order(course, 1, false)).orderNo)).toBe('done');
    const cancelled = await order(goods, 3, true);
    expect(
      resDataOf<OrderLine>(await call(`/api/shop/orders/${cancelled.orderNo}/cancel`, 'POST', {})).status,
    ).toBe('cancelled');
    before = resDataOf<{ list: OrderLine[] }>(await call('/api/shop/orders?size=50'))
      .list.map(({ orderNo, total, status }) => ({ orderNo, total, status }))
      .sort((a, b) => a.orderNo.localeCompare(b.orderNo));
    expect(before.map((line) => line.status).sort()).toEqual(['cancelled', 'done', 'paid', 'pending']);
  });

  it('takes a backup while the server runs, which keeps serving', async () => {
    const result = await runAdmin({ DATA_DIR: live }, ['backup', backupFile]);
    // The folder of the file must exist: nothing is created by guesswork.
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the folder of ${backupFile} does not exist`);
    mkdirSync(join(root, 'backups'));

    const taken = await runAdmin({ DATA_DIR: live }, ['backup', backupFile]);
    expect(taken.stderr).toBe('');
    expect(taken.code).toBe(0);
    expect(taken.stdout).toMatch(new RegExp(`^backup written to ${backupFile} \\(\\d+ bytes\\)\\n$`));
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, 'backups'))).toEqual(['xuanli-1.tar.gz']);
    // The server held its folder all along and answers as before.
    expect(JSON.parse(readFileSync(join(live, 'xuanli.lock'), 'utf8')).pid).toBe(server.child.pid);
    expect((await call('/api/shop/orders?size=50')).status).toBe(200);
    after = (await order(await firstGoodsSku(), 1, true)).orderNo;

    const again = await runAdmin({ DATA_DIR: live }, ['backup', backupFile]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${backupFile} exists; choose another name, or add --force`);
  });

  /** A goods SKU in stock, for the order made after the backup. */
  async function firstGoodsSku(): Promise<number> {
    const { list } = resDataOf<{ list: { kind: string; skus: { id: number; stock: number }[] }[] }>(
      await call('/api/shop/products?size=50'),
    );
    return list
      .filter((p) => p.kind === 'goods')
      .flatMap((p) => p.skus)
      .find((sku) => sku.stock > 0)?.id as number;
  }

  it('restores it into a new data folder with every order as it was at the backup', async () => {
    const restored = join(root, 'restored');
    const result = await runAdmin({ DATA_DIR: restored }, ['restore', backupFile]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^restored ${backupFile} into ${join(restored, 'pglite')} \\(\\d+ users, ${before.length} orders\\)\\n$`,
      ),
    );
    const { lines, restoredBy } = await ordersIn(restored);
    expect(lines).toEqual(before);
    expect(lines.map((line) => line.orderNo)).not.toContain(after);
    expect(restoredBy).toHaveLength(1);
  });

  it('refuses to restore over a database unless --force, which keeps the old one aside', async () => {
    const restored = join(root, 'restored');
    const refused = await runAdmin({ DATA_DIR: restored }, ['restore', backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `the database folder ${join(restored, 'pglite')} holds a database; add --force`,
    );
    const forced = await runAdmin({ DATA_DIR: restored }, ['restore', backupFile, '--force']);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const kept = /the database it replaced is kept as (\S+)\n$/.exec(forced.stdout)?.[1] as string;
    expect(kept).toMatch(new RegExp(`^${join(restored, 'pglite')}\\.before-restore-\\d{8}T\\d{6}Z$`));
    expect(existsSync(join(kept, 'PG_VERSION'))).toBe(true);
    expect((await ordersIn(restored)).lines).toEqual(before);
  });

  it('never restores into a folder a server holds', async () => {
    for (const args of [
      ['restore', backupFile],
      ['restore', backupFile, '--force'],
    ]) {
      const result = await runAdmin({ DATA_DIR: live }, args);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`a server (pid ${server.child.pid}) holds the data folder ${live}`);
    }
    // The live database still has the order made after the backup.
    const list = resDataOf<{ list: OrderLine[] }>(await call('/api/shop/orders?size=50')).list;
    expect(list.map((line) => line.orderNo)).toContain(after);
  });

  it('backs up a folder no server holds, with a file named relative to where the operator is', async () => {
    expect(await stopServer(server)).toBe(0);
    const here = join(root, 'operator-home');
    mkdirSync(here);
    const result = await runAdmin({ DATA_DIR: live, INIT_CWD: here }, ['backup', 'offline.tar.gz']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `backup written to ${join(here, 'offline.tar.gz')} (${statSync(join(here, 'offline.tar.gz')).size} bytes)\n`,
    );
    const copy = join(root, 'from-offline');
    expect((await runAdmin({ DATA_DIR: copy }, ['restore', join(here, 'offline.tar.gz')])).code).toBe(0);
    const { lines } = await ordersIn(copy);
    expect(lines.map((line) => line.orderNo)).toEqual([...before.map((line) => line.orderNo), after].sort());
  });

  it('refuses a file that is not a backup, naming it', async () => {
    const result = await runAdmin({ DATA_DIR: join(root, 'not-a-backup') }, [
      'restore',
      join(live, 'jwt-secret'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${join(live, 'jwt-secret')} is not a backup of \`npm run admin -- backup\``,
    );
    expect(existsSync(join(root, 'not-a-backup', 'pglite'))).toBe(false);
  });

  it('points PostgreSQL to pg_dump and pg_restore', async () => {
    const env = { DATA_DIR: join(root, 'pg'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/xuanli' };
    for (const command of ['backup', 'restore']) {
      const result = await runAdmin(env, [command, backupFile]);
      expect(result.code, command).toBe(1);
      expect(result.stderr, command).toContain('on PostgreSQL (DATABASE_URL) use pg_dump and pg_restore');
    }
  });
});
