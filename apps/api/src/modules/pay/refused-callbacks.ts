/**
 * Callbacks that fail verification, tallied instead of stored. `POST /api/pay/notify/{channel}` is
 * open to anyone (the signature is the credential), so keeping every refused body would let a
 * stranger fill the disk with unsigned posts; what an operator needs from them is who sends what and
 * how often. Each refusal is one upsert of its (channel, reason, source network) row; the number of
 * rows is capped (PAY_REFUSED_CALLBACK_MAX_ROWS, new sources beyond it fold into source `*`), and
 * rows not seen for PAY_REFUSED_CALLBACK_RETENTION_DAYS are purged by the clean-up job.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import type { PayConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { payRefusedCallbacks } from './schema.ts';

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

/**
 * Counts `refused` in its row with one statement: a new (channel, reason, source) takes a row of its
 * own while there are fewer than `maxRows`, else it is counted under source `*`. Concurrent refusals
 * may pass the cap by the few that count at the same moment, never by more.
 */
export async function tallyRefusedCallback(db: Db, refused: RefusedCallback, maxRows: number): Promise<void> {
  const table = payRefusedCallbacks;
  const channel = storable(refused.channel, 32);
  const reason = storable(refused.reason, 100);
  const source = sourceNetwork(refused.sourceIp);
  const at = refused.at.toISOString();
  const sample = storable(refused.body.toString('utf8'), SAMPLE_CHARS);
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
      1, ${at}::timestamptz, ${at}::timestamptz, ${sample}
    on conflict (channel, reason, source) do update
      set "count" = ${table}."count" + 1,
          last_seen_at = greatest(${table}.last_seen_at, excluded.last_seen_at)`);
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
