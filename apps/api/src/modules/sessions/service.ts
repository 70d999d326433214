/**
 * Visitor sessions and their tokens. A session is a database row (so any API process can verify and
 * refresh it); the token is an HS256 JWT naming the row (`sid`) and its subject (`sub`). Plain
 * functions over their dependencies — the routes stay thin and tests call them directly.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from './schema.ts';
import { AppError } from '../../shared/errors.ts';

/** What token functions need. */
export interface SessionDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>;
  clock: Clock;
}

/** SPEC §3 `jw-token`: the token and its issue time in epoch seconds. */
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

const ISSUER = 'xuanli';

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function sign(deps: SessionDeps, session: Session, iat: number): Promise<string> {
  const claims: Record<string, unknown> = { sid: session.id };
  if (session.userId !== null) claims.uid = session.userId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(session.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + deps.config.tokenTtlSeconds)
    .sign(keyOf(deps.config.jwtSecret));
}

/**
 * Checks a token's signature, issuer and expiry (against the injected clock) and that its session
 * still exists and is not revoked. Any failure is 401 with a message that says which, never why in
 * cryptographic detail.
 */
export async function verifySessionToken(deps: SessionDeps, token: string): Promise<Session> {
  let sid: unknown;
  let sub: unknown;
  try {
    const { payload } = await jwtVerify(token, keyOf(deps.config.jwtSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: new Date(deps.clock.now()),
    });
    sid = payload.sid;
    sub = payload.sub;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('Unauthorized', 'token expired');
    throw new AppError('Unauthorized', 'invalid token');
  }
  if (typeof sid !== 'string' || typeof sub !== 'string') throw new AppError('Unauthorized', 'invalid token');
  const [row] = await deps.db.select().from(sessions).where(eq(sessions.id, sid)).limit(1);
  if (!row || row.subject !== sub) throw new AppError('Unauthorized', 'invalid token');
  if (row.revokedAt !== null) throw new AppError('Unauthorized', 'session ended');
  return {
    id: row.id,
    subject: row.subject,
    deviceId: row.deviceId,
    userId: row.userId,
    createdAt: row.createdAt,
    refreshedAt: row.refreshedAt,
  };
}

/**
 * SPEC §7 `POST /base/token`. Without a previous token it opens a new visitor session; with one it
 * verifies it (401 when tampered, expired or revoked) and issues a fresh token for the same subject
 * and session. A given `deviceId` is recorded on the session either way.
 */
export async function issueToken(
  deps: SessionDeps,
  input: { deviceId?: number; previousToken?: string },
): Promise<IssuedToken> {
  const now = deps.clock.now();
  const iat = Math.floor(now / 1000);
  const at = new Date(iat * 1000);
  let session: Session;
  if (input.previousToken) {
    const previous = await verifySessionToken(deps, input.previousToken);
    const deviceId = input.deviceId ?? previous.deviceId;
    await deps.db.update(sessions).set({ refreshedAt: at, deviceId }).where(eq(sessions.id, previous.id));
    session = { ...previous, deviceId, refreshedAt: at };
  } else {
    session = {
      id: randomUUID(),
      subject: `visitor:${randomUUID()}`,
      deviceId: input.deviceId ?? null,
      userId: null,
      createdAt: at,
      refreshedAt: at,
    };
    await deps.db.insert(sessions).values(session);
  }
  return { jwt: await sign(deps, session, iat), iat };
}

/** Binds a session to a logged-in user (the login issue calls this); its next token carries `uid`. */
export async function bindSessionToUser(db: Db, sessionId: string, userId: number): Promise<void> {
  await db.update(sessions).set({ userId }).where(eq(sessions.id, sessionId));
}

/** Ends a session (logout): its tokens are refused from now on, even before they expire. */
export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, sessionId));
}
