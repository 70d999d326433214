/**
 * Callbacks that fail verification, tallied instead of stored. `POST /api/pay/notify/{channel}` is
 * open to anyone (the signature is the credential), so keeping every refused body would let a
 * stranger fill the disk with unsigned posts; what an operator needs from them is who sends what and
 * how often. Refusals are counted in memory per (channel, reason, source network) and written every
 * PAY_REFUSED_CALLBACK_FLUSH_SECONDS as one upsert per row ({@link createRefusedCallbackTally}), so a
 * flood of forged posts costs the database nothing per post; the number of rows is capped
 * (PAY_REFUSED_CALLBACK_MAX_ROWS, new sources beyond it fold into source `*`, in memory as in the
 * table), and rows not seen for PAY_REFUSED_CALLBACK_RETENTION_DAYS are purged by the clean-up job.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { payRefusedCallbacks } from './schema.ts';
import type { PayConfig } from './settings.ts';

/** The source of callbacks whose address is unknown, and the row new sources fold into past the cap. */
export const OTHER_SOURCES = '*';

/** Characters of the first refused body kept with its row. */
export const SAMPLE_CHARS = 200;

/** Text PostgreSQL can store (no NUL) and a reader can scan (bounded). */
export function storable(text: string, max: number): string {
  return text.replaceAll('\u0000', '\ufffd').slice(0, max);
}

/** The eight groups of an IPv6 address, '::' expanded. */
function ipv6Groups(ip: string): string[] {
  const [head, tail] = ip.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - first.length - last.length).fill('0');
  return [...first, ...zeros, ...last].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The network a callback came from: its IPv4 /24 or IPv6 /48, so that one sender rotating through
 * the addresses it holds still counts as one row.
 */
export function sourceNetwork(ip: string | undefined): string {
  const address = ip?.replace(/%.*$/, '').replace(/^::ffff:(?=\d+\.)/i, '') ?? '';
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address) && !address.includes('.')) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  return OTHER_SOURCES;
}

/** One refused callback. */
export interface RefusedCallback {
  channel: string;
  reason: string;
  sourceIp: string | undefined;
  body: Buffer;
  at: Date;
}

/** Refusals of one (channel, reason, source) gathered since the last write. */
interface PendingTally {
  channel: string;
  reason: string;
  source: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  sample: string;
}

/**
 * Adds `tally` to its row with one statement: a new (channel, reason, source) takes a row of its own
 * while there are fewer than `maxRows`, else it is counted under source `*`. Concurrent writers may
 * pass the cap by the few that write at the same moment, never by more.
 */
async function writeTally(db: Db, tally: PendingTally, maxRows: number): Promise<void> {
  const table = payRefusedCallbacks;
  const { channel, reason, source } = tally;
  await db.execute(sql`
    insert into ${table} (channel, reason, source, "count", first_seen_at, last_seen_at, sample)
    select ${channel}, ${reason},
      case
        when exists (
          select 1 from ${table} where channel = ${channel} and reason = ${reason} and source = ${source}
        ) or (select count(*) from ${table}) < ${maxRows}
        then ${source}
        else ${OTHER_SOURCES}
      end,
      ${tally.count}, ${tally.firstSeen}::timestamptz, ${tally.lastSeen}::timestamptz, ${tally.sample}
    on conflict (channel, reason, source) do update
      set "count" = ${table}."count" + excluded."count",
          first_seen_at = least(${table}.first_seen_at, excluded.first_seen_at),
          last_seen_at = greatest(${table}.last_seen_at, excluded.last_seen_at)`);
}

/** Counts refused callbacks and writes them to the tally table ({@link createRefusedCallbackTally}). */
export interface RefusedCallbackTally {
  /** Counts one refusal; written at the next flush (at once when flushing every 0 seconds). */
  note(refused: RefusedCallback): Promise<void>;
  /** Writes what was counted since the last write. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (the app's close). */
  close(): Promise<void>;
}

/**
 * A {@link RefusedCallbackTally} over `db`. With `flushSeconds` > 0 refusals are gathered in memory —
 * at most `maxRows` rows of them, further sources counted under `*`, so a flood from many addresses
 * holds a bounded map — and written every `flushSeconds` by this process (several processes each add
 * their own counts); with 0 each refusal is written as it comes. A write that fails keeps its counts
 * for the next.
 */
export function createRefusedCallbackTally(
  db: Db,
  { maxRows, flushSeconds }: { maxRows: number; flushSeconds: number },
): RefusedCallbackTally {
  let pending = new Map<string, PendingTally>();
  let writing: Promise<void> = Promise.resolve();
  const add = (into: Map<string, PendingTally>, tally: PendingTally) => {
    let key = `${tally.channel}\u0000${tally.reason}\u0000${tally.source}`;
    if (!into.has(key) && into.size >= maxRows) {
      tally = { ...tally, source: OTHER_SOURCES };
      key = `${tally.channel}\u0000${tally.reason}\u0000${OTHER_SOURCES}`;
    }
    const known = into.get(key);
    if (!known) into.set(key, { ...tally });
    else {
      known.count += tally.count;
      if (tally.firstSeen < known.firstSeen) known.firstSeen = tally.firstSeen;
      if (tally.lastSeen > known.lastSeen) known.lastSeen = tally.lastSeen;
    }
  };
  const flush = () => {
    writing = writing.then(async () => {
      const batch = [...pending.values()];
      pending = new Map();
      for (const [i, tally] of batch.entries()) {
        try {
          await writeTally(db, tally, maxRows);
        } catch (error) {
          // This tally and the ones not written yet wait for the next write.
          for (const unwritten of batch.slice(i)) add(pending, unwritten);
          throw error;
        }
      }
    });
    const done = writing;
    writing = writing.catch(() => {});
    return done;
  };
  const timer =
    flushSeconds > 0 ? setInterval(() => void flush().catch(() => {}), flushSeconds * 1000) : undefined;
  timer?.unref();
  return {
    async note(refused) {
      const at = refused.at.toISOString();
      add(pending, {
        channel: storable(refused.channel, 32),
        reason: storable(refused.reason, 100),
        source: sourceNetwork(refused.sourceIp),
        count: 1,
        firstSeen: at,
        lastSeen: at,
        // A few bytes more than the sample needs are decoded, never the whole body of a flood.
        sample: storable(refused.body.subarray(0, SAMPLE_CHARS * 4).toString('utf8'), SAMPLE_CHARS),
      });
      if (!timer) await flush();
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

/**
 * Removes the tallies not seen for PAY_REFUSED_CALLBACK_RETENTION_DAYS; run by the clean-up job in
 * every process (one idempotent statement). Answers how many went.
 */
export async function purgeRefusedCallbacks(deps: {
  db: Db;
  clock: Clock;
  config: Pick<PayConfig, 'refusedCallbackRetentionDays'>;
}): Promise<number> {
  const before = new Date(deps.clock.now() - deps.config.refusedCallbackRetentionDays * 86_400_000);
  const gone = await deps.db
    .delete(payRefusedCallbacks)
    .where(lt(payRefusedCallbacks.lastSeenAt, before))
    .returning({ id: payRefusedCallbacks.id });
  return gone.length;
}
