/**
 * An account's calendar subscription: a secret link that the phone's own calendar app fetches without
 * a login (calendar apps send no token), so the link's token is the only key. It is 256 random bits,
 * handed out once and stored only as its SHA-256; a new link replaces the hash (the old link answers
 * 404 from that commit on) and 停止订阅 clears it. The festival groups the calendar holds are kept
 * with it, also while no link is live, for the next one.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FestivalChoice, SubscriptionBody, SubscriptionState } from '@xuanli/contracts/reminders';
import { DEFAULT_FESTIVAL_CHOICE } from '@xuanli/contracts/reminders-labels';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import { calendarSubscriptions } from './schema.ts';

type SubscriptionRow = typeof calendarSubscriptions.$inferSelect;

/** Random bytes of a link's token: 256 bits, 43 characters of base64url. */
const TOKEN_BYTES = 32;
/** What a token looks like; anything else is answered 404 before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: its SHA-256, hex. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The festival groups of a row, or the defaults without one. */
function choiceOf(row: SubscriptionRow | undefined): FestivalChoice {
  if (!row) return { ...DEFAULT_FESTIVAL_CHOICE };
  return { traditional: row.traditional, solar: row.solar, buddhist: row.buddhist, taoist: row.taoist };
}

/** The wire form of a subscription's state. */
function stateOf(row: SubscriptionRow | undefined): SubscriptionState {
  return {
    active: row?.tokenHash != null,
    festivals: choiceOf(row),
    createdAt: row?.linkedAt ? row.linkedAt.toISOString() : null,
  };
}

async function rowOf(db: Db | Tx, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(calendarSubscriptions).where(eq(calendarSubscriptions.userId, userId));
  return row;
}

/** `GET crm/calendar/subscription`: whether a link is live and which festival groups it holds. */
export async function readSubscription(db: Db, userId: number): Promise<SubscriptionState> {
  return stateOf(await rowOf(db, userId));
}

/**
 * Writes the account's row in one upsert: the festival groups of `body` over the kept ones (or the
 * defaults), and `link` when given (a new hash and its time, or null to end the live link).
 */
async function upsert(
  db: Db,
  userId: number,
  body: SubscriptionBody,
  now: Date,
  link?: { tokenHash: string; linkedAt: Date } | null,
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const festivals = { ...choiceOf(await rowOf(tx, userId)), ...body.festivals };
    const linkValues = link === undefined ? {} : (link ?? { tokenHash: null, linkedAt: null });
    const [row] = await tx
      .insert(calendarSubscriptions)
      .values({ userId, ...festivals, tokenHash: null, linkedAt: null, ...linkValues, updatedAt: now })
      .onConflictDoUpdate({
        target: calendarSubscriptions.userId,
        set: { ...festivals, ...linkValues, updatedAt: now },
      })
      .returning();
    return row!;
  });
}

/**
 * `POST crm/calendar/subscription`: a new link (replacing any live one) with the festival groups of
 * `body` over the kept ones. Answers the token — the only time it exists outside the caller's phone.
 */
export async function createSubscriptionLink(
  db: Db,
  userId: number,
  body: SubscriptionBody,
  now: Date,
): Promise<{ token: string; state: SubscriptionState }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = await upsert(db, userId, body, now, { tokenHash: feedTokenHash(token), linkedAt: now });
  return { token, state: stateOf(row) };
}

/** `PUT crm/calendar/subscription`: changes the festival groups; the live link, if any, stays the same. */
export async function updateSubscription(
  db: Db,
  userId: number,
  body: SubscriptionBody,
  now: Date,
): Promise<SubscriptionState> {
  return stateOf(await upsert(db, userId, body, now));
}

/** `DELETE crm/calendar/subscription`: 停止订阅 — the live link answers 404 from now on. */
export async function revokeSubscription(db: Db, userId: number, now: Date): Promise<SubscriptionState> {
  return stateOf(await upsert(db, userId, {}, now, null));
}

/** The account and festival groups of a live link's token, or null (not a token, or not live). */
export async function subscriberOf(
  db: Db,
  token: string,
): Promise<{ userId: number; festivals: FestivalChoice } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = feedTokenHash(token);
  // Looked up by its hash, so the time an index comparison takes depends on a value the caller cannot
  // choose; the found hash is compared once more in constant time rather than trusted to the index.
  const [row] = await db
    .select()
    .from(calendarSubscriptions)
    .where(eq(calendarSubscriptions.tokenHash, hash));
  if (!row?.tokenHash) return null;
  if (!timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  return { userId: row.userId, festivals: choiceOf(row) };
}
