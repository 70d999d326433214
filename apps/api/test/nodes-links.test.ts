import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/prepared.ts';
import { createReadRouter, type QueryablePool, type ReplicaState } from '../src/db/replica.ts';
import { orderEvents } from '../src/modules/shop/testing-tables.ts';
import type { JobLocks } from '../src/shared/job-lock.ts';
import { signIn } from './accounts.ts';
import { captureLog } from './log-capture.ts';
import { buildTestNodes, type TestNodes, within } from './nodes.ts';
import { addAddress, addProduct, statusOf, stockOf } from './shop-fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The locks of three nodes: on PostgreSQL n.t's and those of two more connections to its database; on
 * PGlite the one process's, which every node on the embedded database shares.
 */
async function threeNodesLocks(n: TestNodes, extra: Database[]): Promise<JobLocks[]> {
  const own = (await n.t.database.nodeLinks()).locks;
  if (extra.length === 0) return [own, own, own];
  const others = await Promise.all(extra.map((database) => database.nodeLinks()));
  return [own, ...others.map((links) => links.locks)];
}

/** Kills this database's server connections named `applicationName`; answers how many. */
async function killConnections(n: TestNodes, applicationName: string): Promise<number> {
  const killed = await n.t.database.db.execute(
    sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = current_database() and application_name = ${applicationName}`,
  );
  return rowsOf(killed).length;
}

/** This database's server connections named `applicationName`. */
async function connectionsNamed(n: TestNodes, applicationName: string): Promise<number> {
  const counted = await n.t.database.db.execute(
    sql`select count(*)::int as count from pg_stat_activity
        where datname = current_database() and application_name = ${applicationName}`,
  );
  return Number(rowsOf<{ count: number }>(counted)[0]?.count ?? 0);
}

describe('jobs on three nodes at once', () => {
  let n: TestNodes;
  let nodes: FastifyInstance[];
  beforeAll(async () => {
    n = await buildTestNodes(3);
    nodes = n.nodes;
  });
  afterAll(() => n.close());

  it('lets one node at a time hold a job’s lock, and another take it once released', async () => {
    const databases = onPostgres ? await openExtra(n, 2) : [];
    try {
      const locks = await threeNodesLocks(n, databases);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = locks[0]!.tryRun('nodes-test-job', () => gate.then(() => 'done'));
      // While the first node runs it, the others skip their turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const skipped = await Promise.all(locks.slice(1).map((l) => l.tryRun('nodes-test-job', async () => 1)));
      expect(skipped).toEqual([{ ran: false }, { ran: false }]);
      // Another job's lock is free meanwhile.
      expect(await locks[1]!.tryRun('nodes-test-other-job', async () => 2)).toEqual({ ran: true, value: 2 });
      release();
      expect(await first).toEqual({ ran: true, value: 'done' });
      expect(await locks[2]!.tryRun('nodes-test-job', async () => 3)).toEqual({ ran: true, value: 3 });
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });

  it('cancels each overdue order exactly once when every node sweeps at the same moment', async () => {
    const db = n.t.database.db;
    const product = await addProduct(db, { skus: [{ price: 800, stock: 50 }] });
    const orderNos: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { token, userId } = await signIn(n.t, 'user');
      const addressId = await addAddress(db, userId!);
      // Orders placed through every node.
      const placed = await nodes[i % 3]!.inject({
        method: 'POST',
        url: '/api/shop/orders',
        headers: { token },
        payload: {
          items: [{ skuId: product.skuId, qty: i + 1 }],
          addressId,
          idempotencyKey: `nodes-sweep-${i}-${product.skuId}`,
        },
      });
      expect(placed.statusCode).toBe(200);
      orderNos.push(placed.json().resData.orderNo);
    }
    expect(await stockOf(db, product.skuId)).toBe(50 - 21);
    // Well past the 15 minutes to pay and the settlement grace.
    n.t.clock.advanceSeconds(2 * 60 * 60);
    const runs = await Promise.all(
      [0, 1, 2, 0, 1, 2].map((i) => nodes[i]!.jobs.runNow('cancel-expired-orders')),
    );
    const ran = runs.filter((run) => run.ran);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.reduce((sum, run) => sum + (run.ran ? (run.value as number) : 0), 0)).toBe(6);
    expect(await stockOf(db, product.skuId)).toBe(50);
    for (const orderNo of orderNos) {
      expect(await statusOf(db, orderNo)).toBe('cancelled');
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderNo, orderNo));
      expect(events.filter((event) => event.status === 'cancelled')).toHaveLength(1);
    }
  });
});

/** `count` more connections (pools, listeners, locks) to the first node's PostgreSQL database. */
async function openExtra(n: TestNodes, count: number): Promise<Database[]> {
  const { openDatabase } = await import('../src/db/client.ts');
  const url = n.t.databaseUrl!;
  return Promise.all(Array.from({ length: count }, () => openDatabase({ kind: 'postgres', url })));
}

describe.runIf(onPostgres)('links to PostgreSQL lost and found again', () => {
  let n: TestNodes;
  beforeAll(async () => {
    n = await buildTestNodes(2);
  });
  afterAll(() => n.close());

  const read = (node: FastifyInstance) =>
    node.inject({
      method: 'POST',
      url: '/api/crm/article/read',
      payload: { label: '协议', name: '隐私政策' },
    });

  it('listens again after its connection is killed, and flushes the caches that may have missed a notice', async () => {
    const [, b] = n.nodes as [FastifyInstance, FastifyInstance];
    const first = (await read(b)).json().resData;
    // A change no notice announces: b keeps answering from its cache.
    await n.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update articles set title = '重连之后的标题' where id = ${first.id}`);
    });
    expect((await read(b)).json().resData.title).toBe(first.title);
    expect(await killConnections(n, 'xuanli-listener')).toBe(2);
    // Both nodes listen again within the back-off, and b's cache was flushed on the way.
    const { answer } = await within(
      2000,
      () => read(b),
      (r) => r.json().resData.title === '重连之后的标题',
    );
    expect(answer.json().resData.title).toBe('重连之后的标题');
    const back = await within(
      2000,
      () => connectionsNamed(n, 'xuanli-listener'),
      (count) => count === 2,
    );
    expect(back.answer).toBe(2);
    // And notices flow again: an edit announced by its trigger reaches b at once.
    await n.t.database.db.execute(sql`update articles set title = '通知送达的标题' where id = ${first.id}`);
    const heard = await within(
      1000,
      () => read(b),
      (r) => r.json().resData.title === '通知送达的标题',
    );
    expect(heard.answer.json().resData.title).toBe('通知送达的标题');
  });

  it('lets another node take a job whose holder lost its connection', async () => {
    const [other] = await openExtra(n, 1);
    try {
      const holder = (await n.t.database.nodeLinks()).locks;
      const taker = (await other!.nodeLinks()).locks;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = holder.tryRun('nodes-test-lost', () => gate);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await taker.tryRun('nodes-test-lost', async () => 1)).toEqual({ ran: false });
      // The connection of n.t's locks only: the other's was opened later, so kill the oldest.
      await n.t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'xuanli-job-locks'
            order by backend_start limit 1`,
      );
      const taken = await within(
        1000,
        () => taker.tryRun('nodes-test-lost', async () => 2),
        (run) => run.ran,
      );
      expect(taken.answer).toEqual({ ran: true, value: 2 });
      release();
      await held;
    } finally {
      await other!.close();
    }
  });
});

describe.runIf(onPostgres)('reads marked for the replica', () => {
  const { stream: logStream, lines } = captureLog();

  it('sends the catalogue to the replica pool and a buyer’s own orders to the primary', async () => {
    const n = await buildTestNodes(1);
    try {
      const url = n.t.databaseUrl!;
      // A second pool on the same database stands in for the replica: which pool answered shows in
      // pg_stat_activity by its application name.
      const { openDatabase } = await import('../src/db/client.ts');
      const { buildApp } = await import('../src/app.ts');
      const database = await openDatabase({ kind: 'postgres', url, links: { replicaUrl: url } });
      const app = await buildApp({
        db: database.db,
        config: n.t.config,
        clock: n.t.clock,
        logger: false,
        links: await database.nodeLinks(),
      });
      try {
        expect(await connectionsNamed(n, 'xuanli-replica-reads')).toBe(0);
        const list = await app.inject({ method: 'GET', url: '/api/shop/products?kind=goods' });
        expect(list.statusCode).toBe(200);
        // The first read waits for no check: it goes to the primary, and the check finds the replica up.
        // Waited for by the check's own statement: its connection shows up before the statement starts.
        await within(
          1000,
          () => replicaStatements(n),
          (count) => count > 0,
        );
        const replicaBefore = await replicaStatements(n);
        const { token } = await signIn(n.t, 'user');
        const mine = await app.inject({ method: 'GET', url: '/api/shop/orders', headers: { token } });
        expect(mine.statusCode).toBe(200);
        expect(await replicaStatements(n)).toBe(replicaBefore);
        const list2 = await app.inject({ method: 'GET', url: '/api/shop/products?kind=course&size=3' });
        expect(list2.statusCode).toBe(200);
        expect(await replicaStatements(n)).toBeGreaterThan(replicaBefore);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await n.close();
    }
  });

  it('answers from the primary at once when the replica is down, and logs it once', async () => {
    const n = await buildTestNodes(2, {
      // Nothing listens on port 1: each connection attempt is refused.
      links: { replicaUrl: 'postgres://postgres@127.0.0.1:1/none', replicaConnectTimeoutMs: 300 },
      logger: { level: 'info', stream: logStream },
    });
    try {
      const b = n.nodes[1]!;
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const list = await b.inject({ method: 'GET', url: `/api/shop/products?kind=goods&page=${i + 1}` });
        expect(list.statusCode).toBe(200);
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(lines.filter((line) => line.includes('read replica unavailable'))).toHaveLength(1);
    } finally {
      await n.close();
    }
  });
});

/**
 * How many statements the replica pool's connections have started so far: each connection's row in
 * pg_stat_activity shows when its last statement started, so every new start seen is one more.
 */
const seenStarts = new Set<string>();
async function replicaStatements(n: TestNodes): Promise<number> {
  const found = await n.t.database.db.execute(
    sql`select pid, query_start::text as started from pg_stat_activity
        where datname = current_database() and application_name = 'xuanli-replica-reads'
          and query_start is not null`,
  );
  for (const row of rowsOf<{ pid: number; started: string }>(found))
    seenStarts.add(`${row.pid}@${row.started}`);
  return seenStarts.size;
}

describe('the read router', () => {
  /** A pool that answers its own name and counts what it was asked. */
  function pool(name: string, fail?: () => Error | undefined) {
    const asked: unknown[] = [];
    const p: QueryablePool & { asked: unknown[] } = {
      asked,
      async query(config: unknown) {
        const error = fail?.();
        if (error) throw error;
        asked.push(config);
        return { rows: [{ from: name }] };
      },
      connect: () => Promise.reject(new Error('not here')),
      end: async () => {},
    };
    return p;
  }
  const up: ReplicaState = { standby: true, replayedLsn: '0/100', lagMs: 0 };

  async function routed(
    state: () => Promise<ReplicaState>,
    setup?: (r: ReturnType<typeof createReadRouter>) => void,
  ) {
    let clock = 0;
    const primary = pool('primary');
    const replica = pool('replica');
    const warnings: string[] = [];
    const router = createReadRouter({ primary, replica, probe: state, maxLagMs: 2000, now: () => clock });
    router.useLog({ info: () => {}, warn: (_d, message) => warnings.push(message) });
    setup?.(router);
    // The first read starts the check and goes to the primary; the next finds its result.
    await router.pool.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock += 1;
    const answer = (await router.pool.query('select 2')) as { rows: { from: string }[] };
    return {
      from: answer.rows[0]!.from,
      warnings,
      router,
      primary,
      replica,
      advance: (ms: number) => (clock += ms),
    };
  }

  it('reads from a replica that is up and caught up', async () => {
    expect((await routed(async () => up)).from).toBe('replica');
  });

  it('reads from the primary while the replica lags, and says so once', async () => {
    const lagging = await routed(async () => ({ ...up, lagMs: 5000 }));
    expect(lagging.from).toBe('primary');
    lagging.advance(1500);
    await lagging.router.pool.query('select 3');
    expect(lagging.warnings).toEqual(['read replica behind; reads go to the primary']);
  });

  it('reads from the primary while the replica has not replayed the last change heard of', async () => {
    let replayed = '0/100';
    const fenced = await routed(
      async () => ({ ...up, replayedLsn: replayed }),
      (router) => router.fence('0/200'),
    );
    expect(fenced.from).toBe('primary');
    replayed = '0/200';
    fenced.advance(1500);
    await fenced.router.pool.query('select 3');
    await new Promise((resolve) => setTimeout(resolve, 0));
    fenced.advance(1);
    const answer = (await fenced.router.pool.query('select 4')) as { rows: { from: string }[] };
    expect(answer.rows[0]!.from).toBe('replica');
  });

  it('retries on the primary a read the replica fails by a lost connection, and reads from the primary after', async () => {
    let broken = false;
    const primary = pool('primary');
    const replica = pool('replica', () =>
      broken ? Object.assign(new Error('Connection terminated unexpectedly'), {}) : undefined,
    );
    const router = createReadRouter({
      primary,
      replica,
      probe: async () => up,
      maxLagMs: 2000,
      now: () => 0,
    });
    await router.pool.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.target()).toBe('replica');
    broken = true;
    const answer = (await router.pool.query('select 2')) as { rows: { from: string }[] };
    expect(answer.rows[0]!.from).toBe('primary');
    expect(router.target()).toBe('primary');
  });
});
