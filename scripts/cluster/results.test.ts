/**
 * The check's judgements on made-up runs: the per-route figures, which failures fall inside a kill's
 * window, what the database findings and the logs say, the failures' schedule, and the verdict with
 * its closing line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logAssertions, trafficAssertions } from './check.ts';
import { requestsPerUpstream } from './cpu.ts';
import { faultPlan } from './faults.ts';
import { clientAddress } from './load/http.ts';
import { OutboxReader } from './load/outbox.ts';
import {
  errorTable,
  failuresInside,
  failuresOutside,
  kindOf,
  quantile,
  Recorder,
  routeTable,
  type Sample,
  type Window,
} from './load/recorder.ts';
import { errorLines, groupLogErrors } from './logs.ts';
import { type Assertion, assertionSection, routeSection, table, verdictOf } from './report.ts';
import { lostPayments, stockMismatches } from './verify.ts';

const sample = (route: string, at: number, ms: number, status: number, kind = String(status)): Sample => ({
  route,
  at,
  ms,
  status,
  kind,
});

describe('figures per route', () => {
  it('takes quantiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('counts requests, req/s, p50/p99 and errors, busiest route first', () => {
    const samples = [
      ...Array.from({ length: 10 }, (_, i) => sample('day', i * 100, i + 1, 200)),
      sample('order', 0, 50, 409, '409 OutOfStock'),
      sample('order', 10, 30, 200),
      sample('order', 20, 40, 0, 'net ECONNRESET'),
    ];
    const rows = routeTable(samples, 2);
    expect(rows.map((r) => r.route)).toEqual(['day', 'order']);
    expect(rows[0]).toMatchObject({ requests: 10, rps: 5, p50: 5, p99: 10, errors: 0 });
    expect(rows[1]).toMatchObject({ requests: 3, p50: 40, errors: 2 });
    expect(routeSection(rows, 2)).toMatch(/^all\s+13\s+6\.5\s+2$/m);
  });

  it("names an answer by status and the API's code", () => {
    expect(kindOf(409, 'OutOfStock')).toBe('409 OutOfStock');
    expect(kindOf(502, undefined)).toBe('502');
    expect(kindOf(200, 'x')).toBe('200');
    expect(kindOf(0)).toBe('net');
  });

  it('times samples from when the load started', () => {
    let now = 1000;
    const recorder = new Recorder(() => now);
    now = 1250;
    const started = recorder.elapsed();
    now = 1400;
    recorder.record('day', started, 200, '200');
    expect(recorder.samples).toEqual([{ route: 'day', at: 250, ms: 150, status: 200, kind: '200' }]);
  });
});

describe('failures against the windows where they are allowed', () => {
  const windows: Window[] = [{ label: 'node 2 killed', from: 5000, to: 7000 }];

  it('judges a failure by when it came, so a request in flight at the kill counts inside', () => {
    const inFlight = sample('order', 4900, 300, 502);
    const late = sample('day', 7500, 10, 502);
    const refused = sample('day', 6000, 1, 0, 'net ECONNREFUSED');
    const fine = sample('day', 9000, 5, 200);
    const samples = [inFlight, late, refused, fine];
    expect(failuresInside(samples, windows)).toEqual([inFlight, refused]);
    expect(failuresOutside(samples, windows)).toEqual([late]);
  });

  it('groups errors by route and kind with first, last and where they fell', () => {
    const rows = errorTable(
      [
        sample('order', 4900, 300, 502),
        sample('order', 6500, 100, 502),
        sample('order', 9000, 100, 502),
        sample('order', 100, 10, 409, '409 OutOfStock'),
        sample('day', 100, 10, 200),
      ],
      windows,
    );
    expect(rows).toEqual([
      { route: 'order', kind: '409 OutOfStock', count: 1, first: 110, last: 110, inside: {}, outside: 1 },
      {
        route: 'order',
        kind: '502',
        count: 3,
        first: 5200,
        last: 9100,
        inside: { 'node 2 killed': 2 },
        outside: 1,
      },
    ]);
  });
});

describe('the database findings', () => {
  it('names confirmed payments whose order is not paid, or missing', () => {
    const rows = [
      { order_no: 'A', status: 'paid' },
      { order_no: 'B', status: 'done' },
      { order_no: 'C', status: 'pending' },
    ];
    expect(lostPayments(['A', 'B', 'C', 'D'], rows)).toEqual(['C', 'D']);
    expect(lostPayments([], rows)).toEqual([]);
  });

  it('finds SKUs whose stock is not the initial stock less the pieces paid', () => {
    const initial = new Map([
      [1, 100],
      [2, 30],
      [3, 10],
    ]);
    const mismatches = stockMismatches(
      initial,
      [
        { id: 1, stock: 90 },
        { id: 2, stock: 0 },
        { id: 3, stock: 9 },
      ],
      [
        { sku_id: 1, qty: 10 },
        { sku_id: 2, qty: 31 },
      ],
    );
    expect(mismatches).toEqual([
      { skuId: 2, initial: 30, paid: 31, stock: 0 },
      { skuId: 3, initial: 10, paid: 0, stock: 9 },
    ]);
  });
});

describe("the nodes' logs", () => {
  const text = [
    '{"level":30,"time":1000,"msg":"request"}',
    '{"level":50,"time":2000,"msg":"rate-limit counters unavailable","err":{"message":"prepared statement \\"x\\" already exists\\nstack"}}',
    'not json',
    '{"level":60,"time":3000,"msg":"fatal"}',
    '{"level":50,"time":9000,"msg":"rate-limit counters unavailable","err":{"message":"prepared statement \\"x\\" already exists"}}',
  ].join('\n');

  it("keeps the error lines with their cause's first line", () => {
    expect(errorLines(text, 2)).toEqual([
      {
        node: 2,
        time: 2000,
        message: 'rate-limit counters unavailable: prepared statement "x" already exists',
      },
      { node: 2, time: 3000, message: 'fatal' },
      {
        node: 2,
        time: 9000,
        message: 'rate-limit counters unavailable: prepared statement "x" already exists',
      },
    ]);
  });

  it('groups them by message within the run, counting those outside the allowed windows', () => {
    const errors = [...errorLines(text, 1), ...errorLines(text, 3)];
    const groups = groupLogErrors(errors, 1500, 8000, (time) => time >= 2500 && time <= 3500);
    expect(groups).toEqual([
      {
        message: 'rate-limit counters unavailable: prepared statement "x" already exists',
        count: 2,
        nodes: [1, 3],
        outside: 2,
      },
      { message: 'fatal', count: 2, nodes: [1, 3], outside: 0 },
    ]);
  });
});

describe('the verdicts on traffic and logs', () => {
  const outcome = {
    events: [],
    windows: [{ label: 'node 2 killed', from: 5000, to: 7000 }],
    logWindows: [],
    problems: [],
    restartMs: 4000,
  };
  const verdict = (samples: Sample[], id: string) =>
    trafficAssertions(samples, outcome, 2000, 'cluster').find((a) => a.id === id);

  it('takes the scarce SKU selling out, in the cart or at the order, as part of the script', () => {
    const soldOut = [
      sample('cart', 100, 5, 409, '409 OutOfStock'),
      sample('order', 200, 5, 409, '409 OutOfStock'),
      sample('day', 300, 5, 200),
    ];
    expect(verdict(soldOut, 'no-4xx')?.ok).toBe(true);
  });

  it('fails on any other 4xx, such as removing a cart line that is not there', () => {
    const samples = [
      sample('cart', 100, 5, 409, '409 OutOfStock'),
      sample('cart', 150, 5, 404, '404 NotFound'),
    ];
    expect(verdict(samples, 'no-4xx')).toMatchObject({ ok: false, detail: '1: cart 404 NotFound' });
  });

  it('takes a repeated payment refused because its unanswered first try took effect, and only a repeat', () => {
    const repeated = [
      sample('pay', 5000, 5, 502),
      { ...sample('pay', 5300, 5, 409, '409 OrderStateConflict'), retry: true },
    ];
    expect(verdict(repeated, 'no-4xx')?.ok).toBe(true);
    const first = [sample('pay', 5300, 5, 409, '409 OrderStateConflict')];
    expect(verdict(first, 'no-4xx')).toMatchObject({ ok: false, detail: '1: pay 409 OrderStateConflict' });
  });

  it('fails on a 5xx outside the kill, not inside it', () => {
    expect(verdict([sample('pay', 5500, 5, 502)], 'no-5xx')?.ok).toBe(true);
    expect(verdict([sample('pay', 9500, 5, 502)], 'no-5xx')?.ok).toBe(false);
  });

  const group = (message: string, count: number, outside: number) => ({
    message,
    count,
    nodes: [1],
    outside,
  });
  const logsVerdict = (groups: ReturnType<typeof group>[]) =>
    logAssertions(groups, 'cluster').find((a) => a.id === 'logs');

  it("does not count a slow database's designed fallbacks as errors of the deployment", () => {
    const slow = [
      group(
        'holiday table unavailable; calendar answers use the last known table: holiday version took over 1000 ms',
        3,
        2,
      ),
      group(
        'holiday table unavailable; calendar answers use the last known table: holiday table unavailable a moment ago',
        2,
        2,
      ),
    ];
    expect(logsVerdict(slow)).toMatchObject({ ok: true });
    expect(logsVerdict(slow)?.detail).toContain('5 time-out fallbacks');
  });

  it('counts a shared counter read past its time limit as a slow-database fallback, not a broken budget', () => {
    const groups = [
      group(
        'rate-limit counters unavailable; counting in process memory meanwhile: rate-limit count took over 1000 ms',
        2,
        1,
      ),
      group(
        'rate-limit counters unavailable; counting in process memory meanwhile: prepared statement "rate_limit_take" already exists',
        1,
        1,
      ),
    ];
    const [counters, logs] = logAssertions(groups, 'cluster');
    expect(counters).toMatchObject({ id: 'shared-counters', ok: false, detail: '1 fallbacks logged' });
    expect(logs).toMatchObject({ id: 'logs', ok: true });
    expect(logs.detail).toContain('2 time-out fallbacks');
  });

  it('fails on any other error line outside the windows, and tells the shared counters apart', () => {
    const groups = [
      group('rate-limit counters unavailable; counting in process memory meanwhile: x', 3, 3),
      group('order handler failed: connection terminated', 1, 1),
    ];
    const [counters, logs] = logAssertions(groups, 'cluster');
    expect(counters).toMatchObject({ id: 'shared-counters', ok: false, detail: '3 fallbacks logged' });
    expect(logs).toMatchObject({ id: 'logs', ok: false });
    expect(logs.detail).toContain('1 outside');
  });
});

describe("the failures' schedule", () => {
  it('kills at 15 %, restarts PgBouncer at 40 % and stops the replica at 55 % for the outage asked', () => {
    expect(faultPlan(180, 30, false)).toEqual({
      killAt: 27_000,
      pgbouncerAt: 72_000,
      replicaStopAt: 99_000,
      replicaStartAt: 129_000,
    });
  });

  it('shortens the replica outage so that a short run sees it come back', () => {
    const plan = faultPlan(30, 30, false);
    expect(plan.replicaStartAt! - plan.replicaStopAt!).toBe(10_500);
    expect(plan.replicaStartAt!).toBeLessThan(30_000);
  });

  it('has only the kill on one node', () => {
    expect(faultPlan(60, 30, true)).toEqual({
      killAt: 9000,
      pgbouncerAt: null,
      replicaStopAt: null,
      replicaStartAt: null,
    });
  });
});

describe('the verdict', () => {
  const pending = { bans: 'needs the nodes work' };
  const assertion = (id: string, ok: boolean | null): Assertion => ({ id, name: id, ok, detail: '' });

  it('fails on a failed assertion, not on a pending one, and notes a pending one that passed', () => {
    expect(verdictOf([assertion('stock', true), assertion('bans', false)], pending)).toEqual({
      passed: 1,
      failed: 0,
      pending: 1,
      pendingPassed: [],
      notApplicable: 0,
    });
    expect(
      verdictOf([assertion('stock', false), assertion('bans', true), assertion('x', null)], pending),
    ).toEqual({
      passed: 1,
      failed: 1,
      pending: 0,
      pendingPassed: ['bans'],
      notApplicable: 1,
    });
  });

  it('ends with the line scripts/test.mjs reads', () => {
    const text = assertionSection(
      [assertion('stock', true), assertion('bans', false), assertion('x', null)],
      pending,
    );
    expect(text).toMatch(/^ {2}PENDING {2}bans — \n {11}pending: needs the nodes work$/m);
    const last = text.split('\n').at(-1) ?? '';
    expect(last).toBe('cluster: 1 passed, 0 failed, 1 pending, 1 n/a');
    // scripts/test.mjs nodeSuite's pattern
    expect(/^(?:\w+: )?(\d+) passed, (\d+) failed/m.exec(last)?.slice(1)).toEqual(['1', '0']);
  });

  it('aligns tables, Chinese characters two columns wide', () => {
    expect(
      table(
        ['a', 'n'],
        [
          ['买家', 1],
          ['x', 22],
        ],
      ).split('\n'),
    ).toEqual(['a      n', '----  --', '买家   1', 'x     22']);
  });
});

describe('helpers of the load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each client its own loopback address', () => {
    const addresses = Array.from({ length: 1000 }, (_, i) => clientAddress(i));
    expect(addresses[0]).toBe('127.1.0.2');
    expect(new Set(addresses).size).toBe(1000);
    for (const address of addresses) expect(address).toMatch(/^127\.1\.\d{1,3}\.\d{1,3}$/);
  });

  it('reads the shared outbox as it grows, a half-written line only once it is whole', async () => {
    const file = join(dir, 'sms.jsonl');
    const outbox = new OutboxReader(dir);
    expect(await outbox.codeFor('13900000001', 0)).toBeUndefined();
    writeFileSync(file, '{"phone":"13900000001","code":"111111","at":"x"}\n{"phone":"1390000000');
    expect(await outbox.codeFor('13900000001', 0)).toBe('111111');
    expect(await outbox.codeFor('13900000002', 0)).toBeUndefined();
    writeFileSync(file, '2","code":"222222","at":"x"}\n', { flag: 'a' });
    expect(await outbox.codeFor('13900000002', 0)).toBe('222222');
  });

  it("counts nginx's requests per node, a retried one for the node that answered", () => {
    const log = [
      '127.1.0.2 [t] "GET /api/calendar/day HTTP/1.1" 200 10 rt=0.001 up=127.0.0.1:18701 us=200 urt=0.001 id=a',
      '127.1.0.2 [t] "GET /api/calendar/day HTTP/1.1" 200 10 rt=0.001 up=127.0.0.1:18702, 127.0.0.1:18703 us=502, 200 urt=0.001 id=b',
      '127.1.0.2 [t] "GET /xuanli/assets/a.js HTTP/1.1" 200 10 rt=0.000 up=- us=- urt=- id=c',
    ].join('\n');
    expect(requestsPerUpstream(log)).toEqual(
      new Map([
        ['127.0.0.1:18701', 1],
        ['127.0.0.1:18703', 1],
        ['-', 1],
      ]),
    );
  });
});
