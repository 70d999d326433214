/**
 * Visitor sessions and their tokens. A session is a database row (so any API process can verify and
 * refresh it); the token is an HS256 JWT naming the row (`sid`), its subject (`sub`) and its
 * generation (`jti`). Plain functions over their dependencies — the routes stay thin and tests call
 * them directly.
 *
 * Rotation: each refresh issues the next generation and stores it on the row. The token it replaces
 * keeps working for `tokenGraceSeconds` (a client's requests already in flight, or two refreshes it
 * sent at once — both get the same new token), then answers 401. A refresh presented with an older
 * token after that is a replayed token — stolen, or from a client that lost track — and ends the
 * whole session (token-reuse detection): whoever holds the newest token must start over too, which
 * for a visitor only means a fresh session. An ordinary request with such a token is just refused.
 *
 * Login never rotates: it ends the caller's session and opens a new one for the user
 * ({@link startUserSession}), so the grace period only ever covers refreshes of one session.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type PreparedSql, preparedSql } from '../../db/prepared.ts';
import { type CacheBus, rowOf } from '../../shared/cache-bus.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { pick } from '../../shared/pick.ts';
import { type CacheLifetimes, type TtlCache, ttlCache } from '../../shared/ttl-cache.ts';
import { sessions } from './schema.ts';

/** What token functions need. */
export interface SessionDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'tokenGraceSeconds'>;
  clock: Clock;
}

/** PRODUCT.md#screens `jw-token`: the token and its issue time in epoch seconds. */
export interface IssuedToken {
  jwt: string;
  iat: number;
}

/** The session a verified token belongs to. */
export interface Session {
  id: string;
  subject: string;
  deviceId: number | null;
  userId: number | null;
  createdAt: Date;
  refreshedAt: Date;
}

type SessionRow = typeof sessions.$inferSelect;

/** What a verified token says. */
interface TokenClaims {
  sid: string;
  sub: string;
  generation: number;
  /** Its expiry, in epoch milliseconds. */
  expiresAt: number;
}

const ISSUER = 'xuanli';

// A token without any of these is refused even when correctly signed: `exp` bounds its life,
// `sid`/`sub` name its session and `jti` its generation.
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'sid', 'jti'];
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

function invalid(): AppError {
  return new AppError('Unauthorized', 'invalid token');
}

/**
 * The token of `row`'s current generation, issued at `refreshedAt`. Signing is deterministic, so a
 * refresh inside the grace period hands out exactly the token the first refresh did.
 */
async function sign(
  deps: SessionDeps,
  row: Pick<SessionRow, 'id' | 'subject' | 'userId' | 'refreshedAt' | 'generation'>,
): Promise<IssuedToken> {
  const iat = Math.floor(row.refreshedAt.getTime() / 1000);
  const claims: Record<string, unknown> = { sid: row.id };
  if (row.userId !== null) claims.uid = row.userId;
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(row.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + deps.config.tokenTtlSeconds)
    .setJti(String(row.generation))
    .sign(keyOf(deps.config.jwtSecret));
  return { jwt, iat };
}

/** Signature, issuer, expiry (against the injected clock) and the required claims; 401 otherwise. */
async function readToken(deps: SessionDeps, token: string): Promise<TokenClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyOf(deps.config.jwtSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      requiredClaims: REQUIRED_CLAIMS,
      currentDate: new Date(deps.clock.now()),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('Unauthorized', 'token expired');
    throw invalid();
  }
  const { sid, sub, jti, exp } = payload;
  // Session ids are UUIDs we issued; anything else (even correctly signed) never reaches the database.
  if (
    typeof sid !== 'string' ||
    !SESSION_ID.test(sid) ||
    typeof sub !== 'string' ||
    typeof jti !== 'string' ||
    !/^\d{1,9}$/.test(jti)
  ) {
    throw invalid();
  }
  return { sid, sub, generation: Number(jti), expiresAt: Number(exp) * 1000 };
}

/** Verified sessions by token, per database (so test apps never share one); see shared/ttl-cache.ts. */
const verifiedSessions = new WeakMap<Db, TtlCache<string, Session>>();

/**
 * Keeps verified sessions of `db` for their `lifetimes` (fallback 0 = off) so that a logged-in
 * request does not read its session row every time; buildApp calls it once with AUTH_CACHE_SECONDS
 * and CACHE_SECONDS. Every revocation through this module drops the entries it ends at once; a
 * change notice from any node (a session ended, rotated or replaced by a login; its user changed or
 * deleted) drops them on every node. Answers the unsubscribe from `bus`.
 */
export function configureSessionCache(
  db: Db,
  clock: Clock,
  lifetimes: CacheLifetimes,
  bus: CacheBus,
): () => void {
  const cache = ttlCache<string, Session>(clock, lifetimes, { bus });
  verifiedSessions.set(db, cache);
  const unsubscribe = bus.onChange((topic) => {
    const sessionId = rowOf(topic, 'session');
    if (sessionId !== undefined) return cache.deleteWhere((session) => session.id === sessionId);
    const userId = rowOf(topic, 'user');
    if (userId !== undefined) cache.deleteWhere((session) => String(session.userId) === userId);
  });
  const unreset = bus.onReset(() => cache.clear());
  return () => {
    unsubscribe();
    unreset();
  };
}

function forgetSessions(db: Db, match: (session: Session) => boolean): void {
  verifiedSessions.get(db)?.deleteWhere(match);
}

/** Drops the cached sessions of `userId` (after their rows were ended inside another module's transaction). */
export function forgetUserSessions(db: Db, userId: number): void {
  forgetSessions(db, (session) => session.userId === userId);
}

async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** The row of a token's session: 401 when it is gone, belongs to another subject or was ended. */
function liveRow(row: SessionRow | undefined, claims: TokenClaims): SessionRow {
  if (!row || row.subject !== claims.sub) throw invalid();
  if (row.revokedAt !== null) throw new AppError('Unauthorized', 'session ended');
  return row;
}

/** Which of the row's generations the token is: the newest, the one before it still in grace, or neither. */
function generationOf(
  deps: SessionDeps,
  row: SessionRow,
  generation: number,
): 'current' | 'grace' | 'rotated' {
  if (generation === row.generation) return 'current';
  if (generation > row.generation) throw invalid();
  const graceEnds = row.refreshedAt.getTime() + deps.config.tokenGraceSeconds * 1000;
  return generation === row.generation - 1 && deps.clock.now() < graceEnds ? 'grace' : 'rotated';
}

function sessionOfRow(row: SessionRow): Session {
  return pick(row, ['id', 'subject', 'deviceId', 'userId', 'createdAt', 'refreshedAt']);
}

/**
 * Checks a token (signature, issuer, expiry, required claims) and that its session exists, is not
 * ended and that the token is its newest generation or the previous one within the grace period.
 * Any failure is 401 with a message that says which, never why in cryptographic detail.
 */
export async function verifySessionToken(deps: SessionDeps, token: string): Promise<Session> {
  const cache = verifiedSessions.get(deps.db);
  const cached = cache?.get(token);
  if (cached) return cached;
  const ticket = cache?.ticket();
  const { session, untilMs } = await verifyUncached(deps, token);
  cache?.set(token, session, { ticket, untilMs });
  return session;
}

/**
 * The session of `token` and until when that answer holds by itself: the token's expiry, or for a
 * token already replaced by a refresh the end of its grace period (a cached answer skips both checks).
 */
async function verifyUncached(
  deps: SessionDeps,
  token: string,
): Promise<{ session: Session; untilMs: number }> {
  const claims = await readToken(deps, token);
  const row = liveRow(await findSession(deps.db, claims.sid), claims);
  const state = generationOf(deps, row, claims.generation);
  if (state === 'rotated') {
    throw new AppError('Unauthorized', 'token replaced by a newer one');
  }
  const graceEnds = row.refreshedAt.getTime() + deps.config.tokenGraceSeconds * 1000;
  const untilMs = state === 'grace' ? Math.min(claims.expiresAt, graceEnds) : claims.expiresAt;
  return { session: sessionOfRow(row), untilMs };
}

/** Ends a session (logout, token reuse): its tokens are refused from now on, even before they expire. */
export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  forgetSessions(db, (session) => session.id === sessionId);
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Refresh: rotates the session to its next generation; see the module comment for the rules. */
async function refresh(deps: SessionDeps, previousToken: string, deviceId: number | undefined, at: Date) {
  const claims = await readToken(deps, previousToken);
  let row = liveRow(await findSession(deps.db, claims.sid), claims);
  let state = generationOf(deps, row, claims.generation);
  if (state === 'current') {
    // Conditional on the generation read: of two refreshes racing (in any processes) one wins, the
    // other finds the row moved on and answers with the winner's token below.
    const [rotated] = await deps.db
      .update(sessions)
      .set({ generation: row.generation + 1, refreshedAt: at, deviceId: deviceId ?? row.deviceId })
      .where(
        and(eq(sessions.id, row.id), eq(sessions.generation, row.generation), isNull(sessions.revokedAt)),
      )
      .returning();
    if (rotated) return sign(deps, rotated);
    row = liveRow(await findSession(deps.db, claims.sid), claims);
    state = generationOf(deps, row, claims.generation);
  }
  if (state === 'grace') return sign(deps, row);
  await revokeSession(deps.db, row.id, at);
  throw new AppError('Unauthorized', 'token reused; session ended');
}

/**
 * PRODUCT.md#paths `POST /base/token`. Without a previous token it opens a new visitor session; with one it
 * verifies it (401 when tampered, expired, replaced or ended) and rotates the session to a new token
 * for the same subject. A given `deviceId` is recorded on the session.
 */
export async function issueToken(
  deps: SessionDeps,
  input: { deviceId?: number; previousToken?: string },
): Promise<IssuedToken> {
  // Whole seconds, so that a token's `iat` and its row's `refreshed_at` are the same instant.
  const at = new Date(Math.floor(deps.clock.now() / 1000) * 1000);
  if (input.previousToken) return refresh(deps, input.previousToken, input.deviceId, at);
  const [row] = await deps.db
    .insert(sessions)
    .values({
      id: randomUUID(),
      subject: `visitor:${randomUUID()}`,
      deviceId: input.deviceId ?? null,
      userId: null,
      createdAt: at,
      refreshedAt: at,
      generation: 0,
    })
    .returning();
  return sign(deps, row);
}

/**
 * Binds a session to a user in place, keeping its tokens: a shortcut for tests that need a logged-in
 * caller without the login routes. Login itself never keeps the caller's session ({@link startUserSession}).
 */
export async function bindSessionToUser(db: Db, sessionId: string, userId: number): Promise<void> {
  forgetSessions(db, (session) => session.id === sessionId);
  await db.update(sessions).set({ userId }).where(eq(sessions.id, sessionId));
}

/** What {@link startUserSession} is asked. */
export interface UserSessionStart {
  /** The session of the token the caller logged in with (a visitor's, or another login's). */
  previousSessionId: string;
  userId: number;
  /**
   * A condition that holds while the account may sign in (not deleted, not banned), evaluated in the
   * login's one statement; it locks the account row FOR SHARE, which is what keeps a ban or a deletion
   * that ends every session of the account from missing the one this login opens. Built once (a
   * constant of the caller's module), with the account as `sql.placeholder('userId')`: the login's
   * statement is prepared once per condition.
   */
  admitted: SQL;
  /** Why the account was not admitted (read only after a refusal), or null when it was the session. */
  refusal(): Promise<AppError | null>;
}

/** The statements of {@link loginStatement}, one per condition of admission (each caller has one). */
const loginStatements = new WeakMap<SQL, PreparedSql<{ id: string }>>();

/**
 * A login's one statement (a login is frequent, and every round trip counts on the embedded database):
 * the caller's session ends and the new one opens only if the account is `admitted`, all or nothing.
 * Built once per condition and prepared under a name, as the busiest statements are (db/prepared.ts).
 */
function loginStatement(admitted: SQL): PreparedSql<{ id: string }> {
  let statement = loginStatements.get(admitted);
  if (statement) return statement;
  const value = (name: string) => sql.placeholder(name);
  statement = preparedSql<{ id: string }>(
    `session_login_${nextLoginStatement++}`,
    sql`
    with ended as (
      update ${sessions} set revoked_at = ${value('at')}::timestamptz
      where ${sessions.id} = ${value('previousSessionId')} and ${sessions.revokedAt} is null and ${admitted}
      returning ${sessions.deviceId} as device_id
    )
    insert into ${sessions} (id, subject, device_id, user_id, created_at, refreshed_at, generation)
    select ${value('id')}, ${value('subject')}, ended.device_id, ${value('userId')},
      ${value('at')}::timestamptz, ${value('at')}::timestamptz, 0
    from ended
    returning id`,
  );
  loginStatements.set(admitted, statement);
  return statement;
}
let nextLoginStatement = 0;

/**
 * Login, by any method: the caller's session ends at once and a new session — new id, new subject,
 * generation 0 — is opened for the user, in one transaction; answers its token. Nothing the caller
 * held before the login works afterwards, not even for a grace period: a token picked up before the
 * login (a shared phone, a copied visitor token) never becomes the user's. The device id carries over.
 * 401 when the caller's session was ended meanwhile.
 */
export async function startUserSession(deps: SessionDeps, start: UserSessionStart): Promise<IssuedToken> {
  const at = new Date(Math.floor(deps.clock.now() / 1000) * 1000);
  const id = randomUUID();
  const subject = `user:${randomUUID()}`;
  const opened = await loginStatement(start.admitted).run(deps.db, {
    at: at.toISOString(),
    previousSessionId: start.previousSessionId,
    id,
    subject,
    userId: start.userId,
  });
  if (opened.length === 0) {
    throw (await start.refusal()) ?? new AppError('Unauthorized', 'session ended');
  }
  forgetSessions(deps.db, (session) => session.id === start.previousSessionId);
  return sign(deps, { id, subject, userId: start.userId, refreshedAt: at, generation: 0 });
}

/**
 * Ends every live session of a user (account deletion), or every one but `exceptSessionId` (a
 * password change keeps the session that made it); returns how many were ended.
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  at: Date,
  exceptSessionId?: string,
): Promise<number> {
  forgetSessions(db, (session) => session.userId === userId && session.id !== exceptSessionId);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Deletes every session row of a user, ended or not, but `keepSessionId` when given (account
 * deletion and merge: the rows name the account and its devices, and nothing needs them afterwards;
 * a merge keeps the caller's own session until the sign-in that follows ends it, then deletes that
 * one too, outside any transaction). Call it inside the deletion's or the merge's transaction, then
 * {@link forgetUserSessions} once it committed. Returns how many rows went.
 */
export async function deleteUserSessions(
  tx: Db | Tx,
  userId: number,
  keepSessionId?: string,
): Promise<number> {
  const gone = await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return gone.length;
}

/** Rows deleted per statement by {@link purgeExpiredSessions}: bounds each statement's locks and time. */
const PURGE_BATCH = 5000;

/**
 * Deletes visitor sessions (no user) whose every token has expired: not refreshed for the token
 * lifetime plus the grace period. Idempotent and safe to run in several processes at once — each
 * batch is one DELETE over rows it locks with SKIP LOCKED, so concurrent purges split the work
 * instead of waiting on each other. Returns how many rows this call deleted.
 */
export async function purgeExpiredSessions(deps: SessionDeps, batchSize = PURGE_BATCH): Promise<number> {
  const { tokenTtlSeconds, tokenGraceSeconds } = deps.config;
  const cutoff = new Date(deps.clock.now() - (tokenTtlSeconds + tokenGraceSeconds) * 1000);
  let total = 0;
  for (;;) {
    const expired = deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(isNull(sessions.userId), lt(sessions.refreshedAt, cutoff)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const deleted = await deps.db
      .delete(sessions)
      .where(inArray(sessions.id, expired))
      .returning({ id: sessions.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/**
 * The account session `sessionId` belongs to (null for a visitor's) and when it was ended (null while
 * live); undefined when there is no such session. What a lesson-media URL bound to a session checks
 * at every range the player asks for, bypassing the token cache so an ended session shows at once.
 */
export async function sessionUserOf(
  db: Db,
  sessionId: string,
): Promise<{ userId: number | null; revokedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}
