/**
 * Whole answers of public read routes kept per node, already serialised: the catalogue, a product
 * page, the course list, articles. Such a route's answer is a function of its query and of a few
 * tables; on a hit it costs a map lookup instead of several queries, the response schema's
 * serialisation and the UTF-16 → UTF-8 copy of mostly-Chinese text (utf8-json.ts).
 *
 * Exact, not merely fresh-ish: the change notices (shared/cache-bus.ts) drop every entry of a cache
 * when one of its topics is announced, on every node, as the write commits. An answer whose reads
 * began before a drop is handed to its caller but never kept (it may hold the old rows). Without live
 * notices entries live `fallbackMs` only (ttl-cache.ts).
 *
 * Personal parts never come from here: a route keeps only what every caller is shown and adds the
 * caller's own facts after (the course list's `owned`).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CacheBus } from './cache-bus.ts';
import type { Clock } from './clock.ts';
import { type CacheLifetimes, ttlCache } from './ttl-cache.ts';

/** An answer as sent: the UTF-8 body, its ETag, and the value it was serialised from. */
export interface CachedAnswer<V> {
  value: V;
  body: Buffer;
  etag: string;
}

/** What every answer cache of an app is built from (app.ts hands it to the route plugins). */
export interface AnswerCaching extends CacheLifetimes {
  bus: CacheBus;
  clock: Clock;
}

/** Answers by key, filled on a miss. */
export interface AnswerCache<V> {
  /**
   * The answer for `key`: kept, or made by `fill` (its value) and `serialize` (its body) — concurrent
   * misses of one key share one fill. A fill that throws is not kept.
   */
  get(key: string, fill: () => Promise<V>, serialize: (value: V) => Serialized): Promise<CachedAnswer<V>>;
}

/** A weak ETag of a body (any two bodies with the same bytes have the same tag). */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** What a serializer answers (Fastify's `reply.serialize` is typed to allow any of these). */
export type Serialized = string | Buffer | ArrayBuffer;

/** `value` and its serialised form as a {@link CachedAnswer}. */
export function answerOf<V>(value: V, serialized: Serialized): CachedAnswer<V> {
  const body =
    typeof serialized === 'string'
      ? Buffer.from(serialized, 'utf8')
      : Buffer.isBuffer(serialized)
        ? serialized
        : Buffer.from(serialized);
  return { value, body, etag: etagOf(body) };
}

/**
 * An answer cache dropped by any of `topics` (and flushed when the bus comes back), at most
 * `maxEntries` answers (the oldest go first: search words are unbounded); its subscriptions end when
 * `app` closes.
 */
export function answerCache<V>(
  app: Pick<FastifyInstance, 'addHook'>,
  caching: AnswerCaching,
  topics: readonly string[],
  maxEntries = 2000,
): AnswerCache<V> {
  const cache = ttlCache<string, CachedAnswer<V>>(caching.clock, caching, { bus: caching.bus, maxEntries });
  const filling = new Map<string, { ticket: number; answer: Promise<CachedAnswer<V>> }>();
  const drop = () => {
    cache.clear();
    filling.clear();
  };
  const unsubscribe = caching.bus.onChange((topic) => {
    if (topics.includes(topic)) drop();
  });
  const unreset = caching.bus.onReset(drop);
  app.addHook('onClose', async () => {
    unsubscribe();
    unreset();
  });
  return {
    get(key, fill, serialize) {
      const kept = cache.get(key);
      if (kept) return Promise.resolve(kept);
      const ticket = cache.ticket();
      const shared = filling.get(key);
      if (shared && shared.ticket === ticket) return shared.answer;
      const answer = fill().then((value) => {
        const made = answerOf(value, serialize(value));
        cache.set(key, made, { ticket });
        return made;
      });
      filling.set(key, { ticket, answer });
      const forget = () => {
        if (filling.get(key)?.answer === answer) filling.delete(key);
      };
      answer.then(forget, forget);
      return answer;
    },
  };
}

/**
 * Cache-Control of an answer every caller gets alike: phones and nginx may keep it 10 s, then use it
 * while they revalidate for a minute more (a 304 costs a map lookup here). Short because an operator's
 * price or stock change must reach phones soon, not only other nodes.
 */
export const SHARED_ANSWER = 'public, max-age=10, stale-while-revalidate=60';

/** Cache-Control of an answer with the caller's own facts in it: only the caller keeps it, revalidated. */
export const PERSONAL_ANSWER = 'private, no-cache';

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.startsWith('W/') ? etag.slice(2) : etag;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === bare || value === `W/${bare}`;
  });
}

/** The reply parts the senders use (a route's reply is typed by its schema, so only the shape is named). */
export interface AnswerReply {
  header(name: string, value: string): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the stored bytes are the schema's answer, already serialised.
  code(status: number): { send(payload?: any): unknown };
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  type(contentType: string): { send(payload?: any): unknown };
}

/**
 * Sends `answer` with its ETag and `cacheControl`: 304 without a body when the request already has
 * it (If-None-Match), else the stored bytes as they are. Answers `reply`, which the async handler must
 * return (Fastify then knows it was sent, also while an onSend hook is still running).
 */
export function sendAnswer<R extends AnswerReply>(
  { request, reply }: { request: { headers: { 'if-none-match'?: string } }; reply: R },
  answer: Pick<CachedAnswer<unknown>, 'body' | 'etag'>,
  cacheControl: string,
): R {
  reply.header('etag', answer.etag);
  reply.header('cache-control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) reply.code(304).send();
  else reply.type('application/json; charset=utf-8').send(answer.body);
  return reply;
}

/** Sends the bytes of a kept answer to a POST (no validators: nothing between may keep a POST); answers `reply`. */
export function sendKept<R extends AnswerReply>(reply: R, answer: Pick<CachedAnswer<unknown>, 'body'>): R {
  reply.type('application/json; charset=utf-8').send(answer.body);
  return reply;
}
