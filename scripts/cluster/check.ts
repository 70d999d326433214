/**
 * `npm run cluster -- --check`: the proof that the deployment keeps its promises under load while
 * parts of it fail. Scripted clients (load/clients.ts) read and buy through nginx for `--seconds`;
 * meanwhile an API node is killed with -9 and started again, PgBouncer restarted and the replica
 * stopped for a while (faults.ts). Afterwards: unpaid orders are cancelled, the database is read
 * (verify.ts), changes made on one node are timed on the others (propagation.ts), the nodes' logs are
 * scanned (logs.ts), and the summary and verdicts are printed (report.ts). `--single` runs the same
 * load and checks on one node with PGlite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuSeconds, postgresCpuSeconds, postmasterPid, requestsPerUpstream } from './cpu.ts';
import type { RunningDeployment } from './deployment.ts';
import { type FaultOutcome, faultPlan, runFaults } from './faults.ts';
import { buyer, type Catalogue, cancelUnpaid, type LoadContext, LoadState, visitor } from './load/clients.ts';
import { HttpClient, jsonOf } from './load/http.ts';
import { OutboxReader } from './load/outbox.ts';
import {
  errorTable,
  failuresInside,
  failuresOutside,
  Recorder,
  routeTable,
  type Sample,
  type Window,
  windowOf,
} from './load/recorder.ts';
import { groupLogErrors, type LogErrorGroup, readNodeErrors } from './logs.ts';
import type { ClusterOptions } from './options.ts';
import { stopChild } from './procs.ts';
import { banPropagation, holidayPropagation, type Propagation, sharedBudget } from './propagation.ts';
import {
  type Assertion,
  assertionSection,
  errorSection,
  logSection,
  routeSection,
  timelineSection,
  verdictOf,
} from './report.ts';
import { inspectLedger, type LedgerFindings, pgliteSql, postgresSql } from './verify.ts';

/** Pieces of the scarce SKU: the run sells it out, so OutOfStock answers and the last pieces are raced. */
const SCARCE_STOCK = 30;
/** Pieces of the other SKUs: more than a run sells. */
const PLENTY = 100_000;
/**
 * Answers that are part of the script, not errors of the deployment: the scarce SKU sells out, so
 * adding it to a cart is refused, and an order racing for the last pieces may be refused.
 */
export const EXPECTED_4XX: ReadonlySet<string> = new Set(['cart 409 OutOfStock', 'order 409 OutOfStock']);
/**
 * Refusals a repeated payment request may meet when its earlier try went unanswered (a node killed
 * under it) yet took effect: the server will not start a second attempt while it cannot tell whether
 * the first was paid, and says so. The money verdicts judge the outcome; these are not failures.
 */
export const EXPECTED_4XX_ON_RETRY: ReadonlySet<string> = new Set([
  'pay 409 OrderStateConflict',
  'complete 409 OrderStateConflict',
]);
/** The nodes' log message when the shared rate-limit table fails and a node counts in its own memory. */
const COUNTER_FALLBACK = 'rate-limit counters unavailable';
/**
 * A node's designed fallback when the database answers too slowly (the holiday table's version read
 * past its time limit: the last known table is used), and the same fallback taken at once for a second
 * after such a time-out ("unavailable a moment ago", so that a slow database is not waited for by
 * every request): a sign of an overloaded machine, printed, not a failure of the deployment.
 */
export const SLOW_FALLBACK = / took over \d+ ms|unavailable a moment ago/;
/** The most a change made on one node may take to reach the others. */
const PROPAGATION_MS = 1000;

/** What the check sets up before the load. */
interface Setup {
  adminJwt: string;
  catalogue: Catalogue;
  initialStock: Map<number, number>;
}

/** Sends a console request to node 1 directly and answers its resData; throws unless 200. */
async function consoleCall<T>(
  client: HttpClient,
  path: string,
  jwt: string | null,
  json?: unknown,
): Promise<T> {
  const answer = await client.send(path, { json, headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });
  const body = jsonOf<{ resData?: T; data?: T }>(answer);
  if (answer.status !== 200)
    throw new Error(`${path} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
  return (body?.resData ?? body?.data) as T;
}

/** The lessons a visitor may play (free courses and previews). */
async function playableLessons(client: HttpClient): Promise<number[]> {
  const token = (await consoleCall<{ jwt: string }>(client, '/api/base/token', null, {})).jwt;
  const list = await consoleCall<{ list: { id: string }[] }>(client, '/api/crm/ketang/list?size=20', null);
  const lessons: number[] = [];
  for (const course of list.list) {
    const answer = await client.send(`/api/crm/ketang/show?id=${encodeURIComponent(course.id)}`, {
      headers: { token },
    });
    const detail = jsonOf<{ resData: { lessons: { id: number; playable: boolean }[] } }>(answer)?.resData;
    lessons.push(...(detail?.lessons ?? []).filter((l) => l.playable).map((l) => l.id));
  }
  return lessons;
}

/** An operator, the catalogue and lessons of the load, and the SKUs' stock set to known values. */
async function prepareCheck(running: RunningDeployment, address: string): Promise<Setup> {
  const password = `Cluster-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  running.runApiCommand(
    'apps/api/src/cli/admin.ts',
    ['operator', 'add', 'cluster-check', '--role', 'admin', '--password-stdin'],
    running.adminEnv(),
    password,
  );
  const client = new HttpClient(running.nodes[0].url, address);
  try {
    const { jwt } = await consoleCall<{ jwt: string }>(client, '/api/admin/login', null, {
      username: 'cluster-check',
      password,
    });
    type Product = { id: number; skus: { id: number }[] };
    const goods = (
      await consoleCall<{ list: Product[] }>(client, '/api/shop/products?kind=goods&size=20', null)
    ).list;
    const all = (await consoleCall<{ list: Product[] }>(client, '/api/shop/products?size=50', null)).list;
    if (goods.length < 2)
      throw new Error(`the catalogue has ${goods.length} goods products; the check needs 2`);
    const plentiful = goods.slice(0, Math.min(3, goods.length - 1)).map((p) => p.skus[0].id);
    const scarce = goods[plentiful.length].skus[0].id;
    const initialStock = new Map<number, number>();
    for (const skuId of [...plentiful, scarce]) {
      const stock = skuId === scarce ? SCARCE_STOCK : PLENTY;
      await consoleCall(client, `/api/admin/catalogue/skus/${skuId}/stock`, jwt, {
        stock,
        reason: '集群检查',
      });
      initialStock.set(skuId, stock);
    }
    const lessons = await playableLessons(client);
    if (lessons.length === 0) throw new Error('no lesson a visitor may play');
    const assets = readdirSync(join(running.d.webDist, 'assets')).filter((name) => name.endsWith('.js'));
    const catalogue = {
      productIds: all.map((p) => p.id),
      plentiful,
      scarce,
      lessons,
      asset: `/xuanli/assets/${assets.sort()[0]}`,
    };
    return { adminJwt: jwt, catalogue, initialStock };
  } finally {
    client.close();
  }
}

/** CPU seconds of the API nodes (by index) and of the primary, now. */
function cpuNow(running: RunningDeployment): { nodes: (number | null)[]; primary: number | null } {
  const postmaster = running.mode === 'cluster' ? postmasterPid(running.d.layout.primaryData) : null;
  return {
    nodes: running.nodes.map((n) => (n.child?.process.pid ? cpuSeconds(n.child.process.pid) : null)),
    primary: postmaster ? postgresCpuSeconds(postmaster) : null,
  };
}

/** The load with the failures alongside; answers the samples, the failures' outcome and CPU used. */
async function loadWithFaults(running: RunningDeployment, options: ClusterOptions, ctx: LoadContext) {
  const visitors = Math.max(1, Math.round(options.clients * 0.7));
  const buyers = Math.max(1, options.clients - visitors);
  const before = cpuNow(running);
  const pids = running.nodes.map((n) => n.child?.process.pid);
  const plan = faultPlan(options.seconds, options.replicaOutageSeconds, running.mode === 'single');
  const [faults] = await Promise.all([
    runFaults(running, plan, () => ctx.recorder.elapsed(), options.killGraceMs),
    ...Array.from({ length: visitors }, () => visitor(ctx)),
    ...Array.from({ length: buyers }, () => buyer(ctx)),
  ]);
  const after = cpuNow(running);
  // A node that was restarted has a new process; only the ones that ran throughout are measured.
  const steady = running.nodes.filter((n, i) => n.child?.process.pid === pids[i]).map((n) => n.index);
  const nodeCpu = new Map(steady.map((i) => [i, (after.nodes[i] ?? 0) - (before.nodes[i] ?? 0)]));
  const primaryCpu =
    after.primary !== null && before.primary !== null ? after.primary - before.primary : null;
  return { faults, nodeCpu, primaryCpu, visitors, buyers };
}

/** The run's summary tables and timeline, printed. */
function printSummary(
  ctx: LoadContext,
  seconds: number,
  faults: FaultOutcome,
  extra: { visitors: number; buyers: number; cpu: string[] },
): void {
  const samples = ctx.recorder.samples;
  console.log(
    `\n=== load: ${extra.visitors} visitors + ${extra.buyers} buyers for ${seconds.toFixed(0)} s ===`,
  );
  console.log(routeSection(routeTable(samples, seconds), seconds));
  console.log('\n=== failures put on the deployment ===');
  console.log(timelineSection(faults.events));
  console.log('\n=== errors by kind and when (seconds after the load started) ===');
  console.log(errorSection(errorTable(samples, faults.windows)));
  if (HttpClient.resent) {
    console.log(
      `(${HttpClient.resent} requests met a kept-alive connection closed under them and were resent, as browsers do)`,
    );
  }
  if (extra.cpu.length) console.log(`\n=== CPU per request ===\n${extra.cpu.join('\n')}`);
}

/** What CPU one API request cost the nodes that ran throughout and the primary, as lines. */
function cpuLines(
  running: RunningDeployment,
  nodeCpu: Map<number, number>,
  primaryCpu: number | null,
  apiRequests: number,
): string[] {
  if (running.mode !== 'cluster') return [];
  const log = readFileSync(join(running.d.layout.nginxDir, 'access.log'), 'utf8');
  const served = requestsPerUpstream(log);
  const lines: string[] = [];
  for (const [index, cpu] of nodeCpu) {
    const count = served.get(`${running.d.host}:${running.d.ports.nodes[index]}`) ?? 0;
    if (count === 0) continue;
    const micros = (cpu / count) * 1e6;
    lines.push(
      `  node ${index + 1}: ${count} requests, ${cpu.toFixed(1)} CPU s → ${micros.toFixed(0)} µs per request (one core ≈ ${(1e6 / micros).toFixed(0)} req/s of this mix)`,
    );
  }
  if (primaryCpu !== null && apiRequests > 0) {
    const micros = (primaryCpu / apiRequests) * 1e6;
    lines.push(
      `  PostgreSQL primary: ${primaryCpu.toFixed(1)} CPU s for ${apiRequests} API requests → ${micros.toFixed(0)} µs per request (one core ≈ ${(1e6 / micros).toFixed(0)} req/s)`,
    );
  }
  return lines;
}

/** The database's findings: on the primary directly, or (single) in the PGlite folder once its node stopped. */
async function readLedger(running: RunningDeployment, ctx: LoadContext, initial: Map<number, number>) {
  const confirmed = ctx.state.confirmed.map((c) => c.orderNo);
  if (running.directDatabaseUrl) {
    const sql = await postgresSql(running.directDatabaseUrl);
    try {
      return await inspectLedger(sql, confirmed, initial);
    } finally {
      await sql.close();
    }
  }
  const node = running.nodes[0];
  if (node.child) await stopChild(node.child);
  const sql = await pgliteSql(join(running.d.layout.nodeDataDirs[0], 'pglite'));
  try {
    return await inspectLedger(sql, confirmed, initial);
  } finally {
    await sql.close();
  }
}

/** Propagation and budget results (cluster only), each with the error that stopped it, if any. */
interface CrossNode {
  holidays?: Propagation | Error;
  bans?: Propagation | Error;
  budget?: { admitted: number; refused: number; other: number[] } | Error;
}

async function crossNodeChecks(
  running: RunningDeployment,
  setup: Setup,
  ctx: LoadContext,
): Promise<CrossNode> {
  if (running.mode !== 'cluster') return {};
  const addresses = () => ctx.state.nextAddress();
  const settle = <T>(work: Promise<T>) => work.catch((error: Error) => error);
  const user = ctx.state.buyers.at(-1);
  return {
    holidays: await settle(holidayPropagation(running, setup.adminJwt, addresses)),
    bans: user
      ? await settle(banPropagation(running, setup.adminJwt, user.jwt, addresses))
      : new Error('no logged-in buyer to ban'),
    budget: await settle(sharedBudget(ctx.entry, addresses(), () => ctx.state.nextPhone(), 12)),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'not within 5 s');

function propagationAssertion(id: string, name: string, result: Propagation | Error | undefined): Assertion {
  if (result === undefined) return { id, name, ok: null, detail: 'one node' };
  if (result instanceof Error) return { id, name, ok: false, detail: result.message };
  const detail = result.perNode.map((p) => `node ${p.node} ${ms(p.ms)}`).join(', ');
  return { id, name, ok: result.worst <= PROPAGATION_MS, detail };
}

/** The database's verdicts: payments kept, none twice, stock adding up. */
function ledgerAssertions(ledger: LedgerFindings, stuck: string[]): Assertion[] {
  const lost = ledger.lost.length ? ` (${ledger.lost.slice(0, 5).join(', ')})` : '';
  const sold = [...ledger.paidPieces].map(([sku, n]) => `SKU ${sku}: ${n} paid`).join(', ');
  return [
    {
      id: 'payments',
      name: 'every payment confirmed to a client is a paid order',
      ok: ledger.lost.length === 0 && ledger.confirmed > 0,
      detail: `${ledger.confirmed} confirmed, ${ledger.lost.length} lost${lost}; ${ledger.paidInDatabase} paid in the database`,
    },
    {
      id: 'paid-once',
      name: 'no order paid twice',
      ok: ledger.paidTwice.length === 0,
      detail: ledger.paidTwice.length ? ledger.paidTwice.slice(0, 5).join(', ') : 'none',
    },
    {
      id: 'stock',
      name: 'stock = initial − paid, per SKU (unpaid orders cancelled)',
      ok: ledger.stock.length === 0 && ledger.pending === 0 && stuck.length === 0,
      detail: ledger.stock.length
        ? JSON.stringify(ledger.stock)
        : `${sold}; ${ledger.pending} pending left${stuck.length ? `, ${stuck.length} could not be cancelled` : ''}`,
    },
  ];
}

/** The clients' verdicts: no 5xx outside the kill's window, no 4xx but the expected ones, faults as planned. */
export function trafficAssertions(
  samples: Sample[],
  faults: FaultOutcome,
  killGraceMs: number,
  mode: 'cluster' | 'single',
): Assertion[] {
  const outside = failuresOutside(samples, faults.windows);
  const inside = failuresInside(samples, faults.windows);
  const unexpected = samples.filter(
    (s) =>
      s.status >= 400 &&
      s.status < 500 &&
      !EXPECTED_4XX.has(`${s.route} ${s.kind}`) &&
      !(s.retry && EXPECTED_4XX_ON_RETRY.has(`${s.route} ${s.kind}`)),
  );
  const kinds = (list: Sample[]) =>
    [...new Set(list.map((s) => `${s.route} ${s.kind}`))].slice(0, 6).join(', ');
  return [
    {
      id: 'no-5xx',
      name:
        mode === 'cluster'
          ? `no 5xx or lost answer except within ${killGraceMs / 1000} s of the node kill`
          : `no 5xx or lost answer except while the one node restarts (and ${killGraceMs / 1000} s after)`,
      ok: outside.length === 0,
      detail: `${inside.length} inside the window, ${outside.length} outside${outside.length ? ` (${kinds(outside)})` : ''}`,
    },
    {
      id: 'no-4xx',
      name: 'no 4xx but the scarce SKU selling out',
      ok: unexpected.length === 0,
      detail: unexpected.length ? `${unexpected.length}: ${kinds(unexpected)}` : 'none',
    },
    {
      id: 'faults',
      name:
        mode === 'cluster' ? 'node back, PgBouncer replaced, replica caught up' : 'node back after kill -9',
      ok: faults.problems.length === 0,
      detail: faults.problems.join('; ') || `node restart ${((faults.restartMs ?? 0) / 1000).toFixed(1)} s`,
    },
  ];
}

/** The nodes' logs: the shared counters never fell back to memory, and no other error outside the windows. */
export function logAssertions(groups: LogErrorGroup[], mode: 'cluster' | 'single'): Assertion[] {
  // A counter read past its time limit on an overloaded database falls back by design and is counted
  // with the other slow-database fallbacks; any other reason (a failing statement) is a broken budget.
  const slow = groups.filter((g) => SLOW_FALLBACK.test(g.message));
  const fallback = groups.filter((g) => g.message.startsWith(COUNTER_FALLBACK) && !slow.includes(g));
  const others = groups.filter((g) => !fallback.includes(g) && !slow.includes(g));
  const outside = others.reduce((sum, g) => sum + g.outside, 0);
  const fallbacks = fallback.reduce((sum, g) => sum + g.count, 0);
  const slowCount = slow.reduce((sum, g) => sum + g.count, 0);
  return [
    {
      id: 'shared-counters',
      name: 'rate-limit counts stay in the shared table (no node falls back to its own memory)',
      ok: mode === 'single' ? null : fallbacks === 0,
      detail: mode === 'single' ? 'one node counts in memory by design' : `${fallbacks} fallbacks logged`,
    },
    {
      id: 'logs',
      name: 'no API node logged another error outside the node kill and the replica outage',
      ok: outside === 0,
      detail: `${others.reduce((sum, g) => sum + g.count, 0)} error lines, ${outside} outside; ${slowCount} time-out fallbacks of a slow database not counted`,
    },
  ];
}

/** Changes on one node seen on the others, and one budget for all (cluster only). */
function crossNodeAssertions(cross: CrossNode): Assertion[] {
  const { budget } = cross;
  const name = 'one rate-limit budget across the nodes (12 SMS sends from one address, budget 10)';
  const budgetAssertion: Assertion =
    budget === undefined
      ? { id: 'budget', name, ok: null, detail: 'one node' }
      : budget instanceof Error
        ? { id: 'budget', name, ok: false, detail: budget.message }
        : {
            id: 'budget',
            name,
            ok: budget.admitted === 10 && budget.other.length === 0,
            detail: `${budget.admitted} admitted, ${budget.refused} refused${budget.other.length ? `, others ${budget.other.join(',')}` : ''}`,
          };
  return [
    budgetAssertion,
    propagationAssertion(
      'holidays',
      `a holiday entered on node 1 is served by every node within ${PROPAGATION_MS} ms`,
      cross.holidays,
    ),
    propagationAssertion(
      'bans',
      `a ban on node 1 is enforced by every node within ${PROPAGATION_MS} ms`,
      cross.bans,
    ),
  ];
}

/** Runs the check on the started deployment; answers whether it passed. */
export async function runCheck(running: RunningDeployment, options: ClusterOptions): Promise<boolean> {
  const state = new LoadState();
  const setup = await prepareCheck(running, state.nextAddress());
  const recorder = new Recorder();
  const loadStartWall = Date.now();
  const ctx: LoadContext = {
    entry: running.url,
    recorder,
    outbox: new OutboxReader(running.d.layout.outboxDir),
    catalogue: setup.catalogue,
    state,
    thinkMs: 100,
    running: () => recorder.elapsed() < options.seconds * 1000,
  };
  process.stderr.write(`cluster: load for ${options.seconds} s through ${running.url}\n`);
  const { faults, nodeCpu, primaryCpu, visitors, buyers } = await loadWithFaults(running, options, ctx);
  const loadSeconds = recorder.elapsed() / 1000;
  const apiRequests = recorder.samples.filter((s) => s.route !== 'asset').length;
  const cpu = cpuLines(running, nodeCpu, primaryCpu, apiRequests);
  const after: LoadContext = { ...ctx, recorder: new Recorder() };
  const stuck = await cancelUnpaid(after);
  const cross = await crossNodeChecks(running, setup, ctx);
  const checksEndWall = Date.now();
  const ledger = await readLedger(running, ctx, setup.initialStock);
  const logWindows: Window[] = faults.logWindows.map((w) => ({
    ...w,
    from: w.from + loadStartWall,
    to: w.to + loadStartWall,
  }));
  const groups = groupLogErrors(
    readNodeErrors(running.nodes.map((_, i) => join(running.d.layout.logDir, `node-${i + 1}.log`))),
    loadStartWall,
    checksEndWall,
    (time) => Boolean(windowOf(time, logWindows)),
  );
  printSummary(ctx, loadSeconds, faults, { visitors, buyers, cpu });
  console.log("\n=== error lines in the API nodes' logs ===");
  console.log(logSection(groups));
  const list = [
    ...ledgerAssertions(ledger, stuck),
    ...trafficAssertions(recorder.samples, faults, options.killGraceMs, running.mode),
    ...logAssertions(groups, running.mode),
    ...crossNodeAssertions(cross),
  ];
  console.log(`\n=== ${running.mode === 'cluster' ? 'cluster' : 'single node (PGlite)'} check ===`);
  console.log(assertionSection(list));
  return verdictOf(list).failed === 0;
}
