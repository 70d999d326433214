/**
 * The order state machine: the table of order-state.ts and the database trigger its migrations install
 * (drizzle/0004_order_state_machine.sql, 0011_partial_refunds.sql) agree on every pair of the eight statuses (on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set), `moveOrder` is a conditional update, and every
 * operation that changes a status (buyer routes, payments, refunds, the time-out, shipping) moves an
 * order from its own status only, leaving an order in any other status as it was.
 */
import { ORDER_STATUSES, type OrderStatus } from '@xuanli/contracts/shop';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, FIXED_NOW, type TestApp } from '../../../test/build.ts';
import {
  type AddedProduct,
  addOrderRow,
  addProduct,
  type OrderRowFixture,
  statusOf,
} from '../../../test/shop-fixtures.ts';
import type { AppError } from '../../shared/errors.ts';
import { createOrderLedger, rejectRefund } from './ledger.ts';
import { openShopRefund, shipOrder } from './order-admin.ts';
import { canTransition, moveOrder, ORDER_TRANSITIONS } from './order-state.ts';
import { orderEvents, orders } from './schema.ts';
import { cancelExpiredOrders } from './sweeper.ts';

/** The transitions of the design, written out independently of the table under test. */
const DESIGN = new Set([
  'pending>paid',
  'pending>cancelled',
  'paid>shipped',
  'paid>done',
  'shipped>done',
  'paid>refunding',
  'shipped>refunding',
  'done>refunding',
  'partially_refunded>refunding',
  'refunding>refunded',
  'refunding>partially_refunded',
  'refunding>paid',
  'refunding>shipped',
  'refunding>done',
]);

/** SQLSTATE of a failed query, whether the driver's error arrives bare or wrapped by Drizzle. */
function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

describe('the order statuses', () => {
  it("the orders table takes exactly the wire's statuses (drizzle-kit cannot load the contracts' list, so the table writes it again)", () => {
    expect(orders.status.enumValues).toEqual([...ORDER_STATUSES]);
  });
});

describe('the order state machine', () => {
  let t: TestApp;
  let userId: number;
  let product: AddedProduct;
  beforeAll(async () => {
    t = await buildTestApp();
    userId = (await signIn(t, 'user')).userId!;
    product = await addProduct(t.database.db);
  });
  afterAll(() => t.close());

  it('allows exactly the fourteen transitions of the design, and staying put is none', () => {
    expect(ORDER_TRANSITIONS).toHaveLength(14);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(DESIGN.has(`${from}>${to}`));
      }
    }
  });

  it('has the database refuse every status change the table refuses, and allow every other', async () => {
    const db = t.database.db;
    let refused = 0;
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const orderNo = await addOrderRow(db, { userId, status: from, product });
        // A raw UPDATE, as an operator with psql would write it: only the trigger stands in the way.
        const attempt = db.execute(sql`update orders set status = ${to} where order_no = ${orderNo}`);
        if (canTransition(from, to)) {
          await attempt;
          expect(await statusOf(db, orderNo), `${from} → ${to}`).toBe(to);
        } else {
          const error = await attempt.then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(sqlStateOf(error), `${from} → ${to} must be refused`).toBe('23514');
          expect(await statusOf(db, orderNo)).toBe(from);
          refused += 1;
        }
      }
    }
    expect(refused).toBe(64 - 14);
  });

  it('leaves updates of other columns alone', async () => {
    const db = t.database.db;
    const orderNo = await addOrderRow(db, { userId, status: 'shipped', product });
    await db.execute(sql`update orders set tracking = ${'顺丰 SF1'} where order_no = ${orderNo}`);
    expect(await statusOf(db, orderNo)).toBe('shipped');
  });

  it('moves with a conditional update and an event, so the second of two racing moves finds nothing', async () => {
    const db = t.database.db;
    const orderNo = await addOrderRow(db, { userId, status: 'pending', product });
    const at = new Date(t.clock.now());
    const move = () =>
      db.transaction((tx) =>
        moveOrder(tx, { orderNo, from: 'pending', to: 'cancelled', at, actor: 'buyer', note: '测试' }),
      );
    const [first, second] = await Promise.all([move(), move()]);
    expect([first?.status ?? null, second?.status ?? null].sort()).toEqual(['cancelled', null]);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderNo, orderNo));
    expect(events.map((event) => [event.status, event.actor, event.note])).toEqual([
      ['pending', 'fixture', ''],
      ['cancelled', 'buyer', '测试'],
    ]);
  });

  it('refuses a move outside the table before touching the database', async () => {
    const db = t.database.db;
    const orderNo = await addOrderRow(db, { userId, status: 'pending', product });
    const at = new Date(t.clock.now());
    await expect(
      db.transaction((tx) => moveOrder(tx, { orderNo, from: 'pending', to: 'shipped', at, actor: 'buyer' })),
    ).rejects.toThrow('no pending → shipped');
    await expect(
      db.transaction((tx) => moveOrder(tx, { orderNo, from: 'paid', to: 'paid', at, actor: 'buyer' })),
    ).rejects.toThrow('no paid → paid');
    expect(await statusOf(db, orderNo)).toBe('pending');
  });

  it('moves only the given buyer’s order when a buyer is named', async () => {
    const db = t.database.db;
    const orderNo = await addOrderRow(db, { userId, status: 'shipped', product });
    const at = new Date(t.clock.now());
    const other = await db.transaction((tx) =>
      moveOrder(tx, { orderNo, from: 'shipped', to: 'done', at, actor: 'buyer', userId: userId + 1 }),
    );
    expect(other).toBeNull();
    expect(await statusOf(db, orderNo)).toBe('shipped');
  });
});

describe('every operation that changes a status', () => {
  let t: TestApp;
  let buyer: { token: string; userId: number };
  let product: AddedProduct;
  beforeAll(async () => {
    t = await buildTestApp();
    const signedIn = await signIn(t, 'user');
    buyer = { token: signedIn.token, userId: signedIn.userId! };
    product = await addProduct(t.database.db);
  });
  afterAll(() => t.close());

  let transactions = 0;
  /** Runs a buyer route; true when it answered 200, false on 409 OrderStateConflict. */
  async function route(orderNo: string, action: string, payload?: object): Promise<boolean> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${orderNo}/${action}`,
      headers: { token: buyer.token },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode === 200) return true;
    expect(res.json().code).toBe('OrderStateConflict');
    return false;
  }

  /**
   * An operation: each status it accepts with the statuses it moves an order through from there, and
   * the statuses it accepts without moving the order (with the timeline step it adds).
   */
  interface Operation {
    name: string;
    paths: [OrderStatus, ...OrderStatus[]][];
    steps?: Partial<Record<OrderStatus, OrderStatus>>;
    kind?: 'goods' | 'course';
    overdue?: boolean;
    fixture?: Partial<OrderRowFixture>;
    run(orderNo: string): Promise<boolean>;
  }

  const ledger = () => createOrderLedger({ clock: t.clock });
  const pay = (orderNo: string) =>
    t.database.db.transaction(async (tx) => {
      const outcome = await ledger().markPaid(tx, orderNo, {
        channel: 'sandbox',
        amount: 1000,
        transactionId: `sandbox-${++transactions}`,
        paidAt: new Date(t.clock.now()),
      });
      return outcome === 'paid';
    });
  // The fixture's order is one line of 1000 分.
  const refundConfirmed = (orderNo: string, amount: number) =>
    t.database.db.transaction((tx) =>
      ledger().markRefunded(tx, orderNo, {
        at: new Date(t.clock.now()),
        amount,
        lines: [],
        othersPending: false,
      }),
    );
  const refused = async (orderNo: string) =>
    (await t.database.db.transaction((tx) =>
      rejectRefund(tx, orderNo, { at: new Date(t.clock.now()), actor: 'ops@host' }),
    )) !== null;
  const earlier = () => new Date(FIXED_NOW - 3600_000);
  const operations: Operation[] = [
    { name: 'payment of goods', paths: [['pending', 'paid']], run: pay },
    { name: 'payment of a course', paths: [['pending', 'paid', 'done']], kind: 'course', run: pay },
    { name: 'buyer cancels', paths: [['pending', 'cancelled']], run: (orderNo) => route(orderNo, 'cancel') },
    {
      name: 'time-out',
      paths: [['pending', 'cancelled']],
      overdue: true,
      run: async () => (await cancelExpiredOrders({ db: t.database.db, clock: t.clock })) === 1,
    },
    {
      name: 'operator ships',
      paths: [['paid', 'shipped']],
      // What a partial refund left of a goods order ships; the order stays 部分退款.
      steps: { partially_refunded: 'shipped' },
      async run(orderNo) {
        try {
          await shipOrder({ db: t.database.db, clock: t.clock, actor: 'ops@host' }, orderNo, '顺丰 SF1');
          return true;
        } catch (error) {
          expect((error as AppError).code).toBe('OrderStateConflict');
          return false;
        }
      },
    },
    { name: 'buyer confirms', paths: [['shipped', 'done']], run: (orderNo) => route(orderNo, 'confirm') },
    {
      name: 'buyer asks for a refund',
      paths: [['paid', 'refunding']],
      run: (orderNo) => route(orderNo, 'refund', { reason: '不想要了' }),
    },
    {
      name: 'operator refunds without a request',
      paths: [
        ['paid', 'refunding'],
        ['shipped', 'refunding'],
        ['done', 'refunding'],
        ['partially_refunded', 'refunding'],
      ],
      run: async (orderNo) => {
        const from = (await statusOf(t.database.db, orderNo)) as OrderStatus;
        const at = new Date(t.clock.now());
        return t.database.db.transaction((tx) =>
          openShopRefund(tx, orderNo, { from, at, actor: 'ops@host', reason: '协商退款' }),
        );
      },
    },
    {
      name: 'refund of all of it confirmed',
      paths: [['refunding', 'refunded']],
      run: (orderNo) => refundConfirmed(orderNo, 1000),
    },
    {
      name: 'refund of a part confirmed',
      paths: [['refunding', 'partially_refunded']],
      run: (orderNo) => refundConfirmed(orderNo, 400),
    },
    { name: 'refund refused', paths: [['refunding', 'paid']], run: refused },
    {
      name: 'refund of a shipped order refused',
      paths: [['refunding', 'shipped']],
      fixture: { shippedAt: earlier() },
      run: refused,
    },
    {
      name: 'refund of a done order refused',
      paths: [['refunding', 'done']],
      fixture: { shippedAt: earlier(), doneAt: earlier() },
      run: refused,
    },
    {
      name: 'refund refused after a part went back',
      paths: [['refunding', 'partially_refunded']],
      fixture: { refundedAmount: 300 },
      run: refused,
    },
  ];

  it('covers every transition of the table', () => {
    const covered = new Set(
      operations.flatMap((op) =>
        op.paths.flatMap((path) => path.slice(1).map((to, i) => `${path[i]}>${to}`)),
      ),
    );
    expect([...covered].sort()).toEqual(ORDER_TRANSITIONS.map(([from, to]) => `${from}>${to}`).sort());
  });

  for (const op of operations) {
    const accepted = [
      ...op.paths.map((path) => path.join(' → ')),
      ...Object.entries(op.steps ?? {}).map(([from, step]) => `${from} (+${step})`),
    ];
    it(`${op.name}: ${accepted.join('; ')}, and from no other status`, async () => {
      const db = t.database.db;
      for (const status of ORDER_STATUSES) {
        const orderNo = await addOrderRow(db, {
          userId: buyer.userId,
          status,
          product,
          kind: op.kind,
          createdAt: new Date(t.clock.now() - (op.overdue ? 20 * 60_000 : 0)),
          ...op.fixture,
        });
        const before = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
        const applied = await op.run(orderNo);
        const path = op.paths.find(([from]) => from === status);
        const step = op.steps?.[status];
        expect(applied, `${op.name} from ${status}`).toBe(path !== undefined || step !== undefined);
        const events = await db
          .select({ status: orderEvents.status })
          .from(orderEvents)
          .where(eq(orderEvents.orderNo, orderNo))
          .orderBy(orderEvents.id);
        if (path) {
          expect(await statusOf(db, orderNo)).toBe(path.at(-1));
          expect(events.map((event) => event.status)).toEqual(path);
        } else if (step) {
          expect(await statusOf(db, orderNo)).toBe(status);
          expect(events.map((event) => event.status)).toEqual([status, step]);
        } else {
          expect(await db.select().from(orders).where(eq(orders.orderNo, orderNo))).toEqual(before);
          expect(events).toHaveLength(1);
        }
      }
    });
  }
});
