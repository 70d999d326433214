/**
 * The 公众号's access token and JS-SDK ticket, kept in `wechat_credentials` until 5 minutes before they
 * expire (`renew_at`) and shared by every API process. WeChat caps how often each may be fetched (and a token
 * fetched twice at once can leave one process holding a replaced one), so a refresh is one fetch per
 * expiry across processes: the process that finds a credential stale claims the row's lease
 * (`refreshing_until`) with one conditional upsert, fetches, and writes the new value; the others read
 * the row again until it is fresh. A lease rather than a lock held over the fetch: on the embedded
 * PGlite a transaction blocks every other query, so no transaction may wait on WeChat.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { type FetchedCredential, STALE_TOKEN_ERRCODES, WechatApiError, type WechatClient } from './client.ts';
import { wechatCredentials } from './schema.ts';
import type { WechatConfig } from './settings.ts';

/**
 * A credential is renewed this long before WeChat's expiry (WeChat itself renews 5 minutes early), or
 * half-way through its life when WeChat handed it out with less than twice that left.
 */
export const CREDENTIAL_MARGIN_MS = 5 * 60_000;

/** How often a process waiting for another one's refresh reads the row again. */
const POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the credential store works with. */
export interface CredentialDeps {
  db: Db;
  clock: Clock;
  config: WechatConfig;
  client: WechatClient;
}

/** The shared credentials of one 公众号. */
export interface Credentials {
  /** The access token (stable_token), fetched when stale. */
  accessToken(): Promise<string>;
  /** The `jsapi` ticket, fetched when stale (with a fresh token once, when WeChat calls the token stale). */
  jsapiTicket(): Promise<string>;
}

/** Builds the store; `fetch`es go through `client`. */
export function credentialStore(deps: CredentialDeps): Credentials {
  const { db, clock, config, client } = deps;
  // A ticket's refresh may first wait for the token's and then retry once: four calls at most.
  const leaseMs = config.timeoutMs * 4 + 2000;
  // Requests of this process that need the same credential at once wait for one refresh.
  const inflight = new Map<string, Promise<string>>();

  const keyOf = (kind: 'access_token' | 'jsapi_ticket') => `${config.appId}:${kind}`;

  async function fresh(key: string): Promise<string | null> {
    const [row] = await db.select().from(wechatCredentials).where(eq(wechatCredentials.key, key)).limit(1);
    return row?.value && row.renewAt.getTime() > clock.now() ? row.value : null;
  }

  /** Takes the row's lease when the credential is stale and nobody else holds it. */
  async function claim(key: string): Promise<boolean> {
    const now = clock.now();
    const until = new Date(now + leaseMs);
    const claimed = await db
      .insert(wechatCredentials)
      .values({ key, value: '', expiresAt: new Date(0), renewAt: new Date(0), refreshingUntil: until })
      .onConflictDoUpdate({
        target: wechatCredentials.key,
        set: { refreshingUntil: until },
        setWhere: sql`(${wechatCredentials.refreshingUntil} is null or ${wechatCredentials.refreshingUntil} <= ${new Date(now)})
          and ${wechatCredentials.renewAt} <= ${new Date(now)}`,
      })
      .returning({ key: wechatCredentials.key });
    return claimed.length > 0;
  }

  async function refresh(key: string, fetcher: () => Promise<FetchedCredential>): Promise<string> {
    try {
      const { value, expiresIn } = await fetcher();
      const now = clock.now();
      const lifeMs = expiresIn * 1000;
      await db
        .update(wechatCredentials)
        .set({
          value,
          expiresAt: new Date(now + lifeMs),
          // A credential WeChat hands out near its end (its remaining seconds) still serves half of them.
          renewAt: new Date(now + lifeMs - Math.min(CREDENTIAL_MARGIN_MS, lifeMs / 2)),
          refreshingUntil: null,
          fetchedAt: new Date(now),
        })
        .where(eq(wechatCredentials.key, key));
      return value;
    } catch (error) {
      // Another process may try at once rather than wait out a lease nobody works under.
      await db.update(wechatCredentials).set({ refreshingUntil: null }).where(eq(wechatCredentials.key, key));
      throw error;
    }
  }

  async function obtain(key: string, fetcher: () => Promise<FetchedCredential>): Promise<string> {
    // Real time, not the app's clock: this bounds how long a request waits for another process.
    const deadline = Date.now() + leaseMs + 1000;
    for (;;) {
      const value = await fresh(key);
      if (value) return value;
      if (await claim(key)) return refresh(key, fetcher);
      if (Date.now() > deadline)
        throw new WechatApiError(null, `wechat ${key.split(':')[1]} refresh did not finish`);
      await sleep(POLL_MS);
    }
  }

  function get(key: string, fetcher: () => Promise<FetchedCredential>): Promise<string> {
    const running = inflight.get(key);
    if (running) return running;
    const work = obtain(key, fetcher).finally(() => inflight.delete(key));
    inflight.set(key, work);
    return work;
  }

  /** Marks `value` stale, once: a second caller holding the same value finds it already replaced. */
  async function invalidate(key: string, value: string): Promise<void> {
    await db
      .update(wechatCredentials)
      .set({ renewAt: new Date(0) })
      .where(sql`${wechatCredentials.key} = ${key} and ${wechatCredentials.value} = ${value}`);
  }

  const accessToken = () => get(keyOf('access_token'), () => client.stableToken());

  return {
    accessToken,
    jsapiTicket: () =>
      get(keyOf('jsapi_ticket'), async () => {
        const token = await accessToken();
        try {
          return await client.jsapiTicket(token);
        } catch (error) {
          if (!(error instanceof WechatApiError) || !STALE_TOKEN_ERRCODES.includes(error.errcode ?? 0))
            throw error;
          // Replaced or expired at WeChat before our clock said so: one fresh token, one more try.
          await invalidate(keyOf('access_token'), token);
          return client.jsapiTicket(await accessToken());
        }
      }),
  };
}
