/**
 * Changes made through one node and how soon the others act on them, measured by asking every other
 * node directly (not through nginx) until it answers the new way: a holiday entered in the console
 * (the calendar's holiday table version) and a banned account (its token refused). Also whether a
 * rate-limit budget is one budget across the nodes.
 */
import type { RunningDeployment } from './deployment.ts';
import { type Answer, HttpClient, jsonOf } from './load/http.ts';
import { sleep } from './procs.ts';

/** How often a node is asked; each poller has an address of its own, well inside the general budget. */
const POLL_MS = 25;
/** How long a node may take before it counts as never. */
const GIVE_UP_MS = 5000;

/** How long each other node took to act on a change, in ms (Infinity: not within {@link GIVE_UP_MS}). */
export interface Propagation {
  perNode: { node: number; ms: number }[];
  /** The slowest node. */
  worst: number;
}

/** An answer's `resData`. */
function resData<T>(answer: Answer): T | undefined {
  return jsonOf<{ resData?: T }>(answer)?.resData;
}

/** Asks node `url` with `ask` every {@link POLL_MS} until `seen` says yes; ms since `since`, or Infinity. */
async function pollUntil(
  url: string,
  address: string,
  since: number,
  ask: (client: HttpClient) => Promise<Answer>,
  seen: (answer: Answer) => boolean,
): Promise<number> {
  const client = new HttpClient(url, address);
  try {
    while (performance.now() - since < GIVE_UP_MS) {
      const answer = await ask(client).catch(() => undefined);
      if (answer && seen(answer)) return performance.now() - since;
      await sleep(POLL_MS);
    }
    return Number.POSITIVE_INFINITY;
  } finally {
    client.close();
  }
}

/** Polls every node but the first, each from its own address; the worst time. */
async function acrossNodes(
  running: RunningDeployment,
  addresses: () => string,
  since: number,
  ask: (client: HttpClient) => Promise<Answer>,
  seen: (answer: Answer) => boolean,
): Promise<Propagation> {
  const others = running.nodes.slice(1);
  const perNode = await Promise.all(
    others.map(async (node) => ({
      node: node.index + 1,
      ms: await pollUntil(node.url, addresses(), since, ask, seen),
    })),
  );
  return { perNode, worst: Math.max(...perNode.map((p) => p.ms)) };
}

/** Asks every node but the first once with `ask` and throws unless each answers 200. */
async function warmOthers(
  running: RunningDeployment,
  addresses: () => string,
  ask: (client: HttpClient) => Promise<Answer>,
): Promise<void> {
  for (const node of running.nodes.slice(1)) {
    const client = new HttpClient(node.url, addresses());
    try {
      const answer = await ask(client);
      if (answer.status !== 200)
        throw new Error(`node ${node.index + 1} answered ${answer.status} before the change`);
    } finally {
      client.close();
    }
  }
}

/**
 * Enters a holiday through node 1's console API right after every other node has served the holiday
 * table (so each holds it in its cache, as under traffic: an idle node would read the new version on
 * its first request and hide how long a busy one serves the old table), and measures until every other
 * node's `GET /api/calendar/holidays` has the new table version.
 */
export async function holidayPropagation(
  running: RunningDeployment,
  adminJwt: string,
  addresses: () => string,
): Promise<Propagation> {
  const console1 = new HttpClient(running.nodes[0].url, addresses());
  const day = `2099-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`;
  const holidays = (client: HttpClient) => client.send('/api/calendar/holidays');
  try {
    await warmOthers(running, addresses, holidays);
    const saved = await console1.send('/api/admin/holidays', {
      json: { date: day, name: '集群检查', offDay: true, notice: '集群检查的节假日' },
      headers: { authorization: `Bearer ${adminJwt}` },
    });
    const version = resData<{ version: number }>(saved)?.version;
    if (saved.status !== 200 || version === undefined)
      throw new Error(`holiday save answered ${saved.status}`);
    const since = performance.now();
    return await acrossNodes(
      running,
      addresses,
      since,
      holidays,
      (answer) => (resData<{ version: number }>(answer)?.version ?? -1) >= version,
    );
  } finally {
    console1.close();
  }
}

/**
 * Bans the account behind `userJwt` through node 1's console API right after every other node has
 * served that account (so each holds it in its caches), and measures until each refuses the token.
 */
export async function banPropagation(
  running: RunningDeployment,
  adminJwt: string,
  userJwt: string,
  addresses: () => string,
): Promise<Propagation> {
  const profile = (client: HttpClient) =>
    client.send('/api/crm/member/profile', { headers: { token: userJwt } });
  const warm = new HttpClient(running.nodes[0].url, addresses());
  try {
    const me = await profile(warm);
    const userId = resData<{ id: number }>(me)?.id;
    if (me.status !== 200 || !userId) throw new Error(`profile answered ${me.status}`);
    await warmOthers(running, addresses, profile);
    const banned = await warm.send('/api/admin/users/ban', {
      json: { userId, reason: '集群检查' },
      headers: { authorization: `Bearer ${adminJwt}` },
    });
    if (banned.status !== 200) throw new Error(`ban answered ${banned.status}`);
    const since = performance.now();
    return await acrossNodes(running, addresses, since, profile, (answer) =>
      [401, 403].includes(answer.status),
    );
  } finally {
    warm.close();
  }
}

/**
 * Sends `attempts` SMS code requests (each to a new phone) from one address through nginx, which
 * spreads them over the nodes; answers how many were admitted. One budget across the nodes admits
 * exactly its `max` (RATE_LIMIT_SMS_MAX, 10 an hour per address by default).
 */
export async function sharedBudget(
  entry: string,
  address: string,
  phones: () => string,
  attempts: number,
): Promise<{ admitted: number; refused: number; other: number[] }> {
  const client = new HttpClient(entry, address);
  try {
    const token = jsonOf<{ data?: { jwt: string } }>(await client.send('/api/base/token', { json: {} }))?.data
      ?.jwt;
    if (!token) throw new Error('no session token');
    const result = { admitted: 0, refused: 0, other: [] as number[] };
    for (let i = 0; i < attempts; i++) {
      const answer = await client.send('/api/crm/member/sms', {
        json: { phone: phones() },
        headers: { token },
      });
      if (answer.status === 200) result.admitted += 1;
      else if (answer.status === 429) result.refused += 1;
      else result.other.push(answer.status);
    }
    return result;
  } finally {
    client.close();
  }
}
