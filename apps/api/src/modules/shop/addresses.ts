/**
 * A buyer's 收货地址 book. A buyer who has addresses always has exactly one default: the first one
 * saved becomes it, choosing another moves it, and when the default is deleted (or unticked) the
 * newest remaining address takes over. Every change runs in one transaction under the buyer's lock
 * (buyer-lock.ts), so two requests at once cannot leave two defaults, none, or a 21st address; the
 * partial unique index on (user_id) WHERE is_default is the last line behind that.
 */
import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import { lockBuyer } from './buyer-lock.ts';
import { addresses } from './schema.ts';

/** Most addresses one buyer keeps. */
export const MAX_ADDRESSES = 20;

const columns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  province: addresses.province,
  city: addresses.city,
  district: addresses.district,
  detail: addresses.detail,
  isDefault: addresses.isDefault,
};

/** Newest first; the id breaks ties between addresses saved in the same instant. */
const NEWEST_FIRST = [desc(addresses.createdAt), desc(addresses.id)];

/**
 * The input with every text trimmed; a required field that is blank after trimming (or a 街道门牌 of
 * fewer than two characters) → 400 ValidationError. The phone's shape is the schema's pattern.
 */
function normaliseAddress(input: AddressInput): AddressInput {
  const trimmed: AddressInput = {
    name: input.name.trim(),
    phone: input.phone.trim(),
    province: input.province.trim(),
    city: input.city.trim(),
    district: input.district.trim(),
    detail: input.detail.trim(),
    isDefault: input.isDefault,
  };
  for (const field of ['name', 'phone', 'province', 'city'] as const) {
    if (trimmed[field] === '') throw new AppError('ValidationError', `${field} must not be blank`);
  }
  if (trimmed.detail.length < 2) throw new AppError('ValidationError', 'detail needs at least 2 characters');
  return trimmed;
}

/** The buyer's addresses, the default first, then newest first. */
export async function listAddresses(db: Db | Tx, userId: number): Promise<Address[]> {
  return db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), ...NEWEST_FIRST);
}

/** The buyer's address `id` (another buyer's is answered as missing), or undefined. */
export async function findAddress(db: Db | Tx, userId: number, id: number): Promise<Address | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Makes the buyer's newest address the default when none is (after a deletion or an untick), passing
 * over `passOver` (the address just unticked) unless it is the only one.
 */
async function ensureDefault(tx: Tx, userId: number, passOver?: number): Promise<void> {
  const [current] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  if (current) return;
  const [newest] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(sql`${addresses.id} = ${passOver ?? 0}`, ...NEWEST_FIRST)
    .limit(1);
  if (newest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
}

/** Clears the buyer's default, except on `keepId` (the address about to become it). */
async function clearDefault(tx: Tx, userId: number, keepId?: number): Promise<void> {
  const others = and(eq(addresses.userId, userId), eq(addresses.isDefault, true));
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(keepId === undefined ? others : and(others, ne(addresses.id, keepId)));
}

/**
 * `POST shop/addresses`: saves a new address. The buyer's first becomes the default whatever
 * `isDefault` says; `isDefault: true` takes the default from the old one. More than
 * {@link MAX_ADDRESSES} → 400 ValidationError.
 */
export async function createAddress(
  db: Db,
  userId: number,
  input: AddressInput,
  now: Date,
): Promise<Address> {
  const address = normaliseAddress(input);
  return db.transaction(async (tx) => {
    await lockBuyer(tx, 'addresses', userId);
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) {
      throw new AppError('ValidationError', `at most ${MAX_ADDRESSES} addresses per buyer`);
    }
    const isDefault = address.isDefault || n === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [saved] = await tx
      .insert(addresses)
      .values({ ...address, isDefault, userId, createdAt: now })
      .returning(columns);
    return saved!;
  });
}

/**
 * `PUT shop/addresses/{id}`: replaces the address. `isDefault: true` makes it the default; unticking
 * the default hands it to the newest other address (an only address stays the default). Another
 * buyer's address or an unknown id → 404.
 */
export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Address> {
  const address = normaliseAddress(input);
  return db.transaction(async (tx) => {
    await lockBuyer(tx, 'addresses', userId);
    if (!(await findAddress(tx, userId, id))) throw new AppError('NotFound', `no address ${id}`);
    if (address.isDefault) await clearDefault(tx, userId, id);
    await tx
      .update(addresses)
      .set({ ...address })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    await ensureDefault(tx, userId, id);
    const saved = await findAddress(tx, userId, id);
    return saved!;
  });
}

/**
 * `DELETE shop/addresses/{id}`: removes the address (orders keep their own copy of it); when it was the
 * default, the newest remaining one becomes the default. Another buyer's address → 404.
 */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockBuyer(tx, 'addresses', userId);
    const removed = isRowId(id)
      ? await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning({ id: addresses.id })
      : [];
    if (removed.length === 0) throw new AppError('NotFound', `no address ${id}`);
    await ensureDefault(tx, userId);
    return { id };
  });
}
