/**
 * Console logins: a row of `operator_sessions` per login, named by an HS256 JWT the console sends as
 * `Authorization: Bearer`. The signing key is derived from the JWT secret with HKDF under its own
 * label and the token carries audience 'admin', so an app token (signed with the plain secret, no
 * audience) never verifies here, and a console token never verifies in the app. Every request reads
 * the row and its operator — no cache — so a logout, a disabled operator, a password change or a new
 * role applies in every API process at the next request.
 */
import { hkdfSync, randomUUID } from 'node:crypto';
import { ADMIN_SESSION_HOURS } from '@xuanli/contracts/admin-labels';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import type { ConsoleDeps, OperatorRow } from './deps.ts';
import { operatorSessions, operators } from './schema.ts';

/** The login a verified console token belongs to, with its operator as of this request. */
export interface OperatorSession {
  sessionId: string;
  expiresAt: Date;
  operator: OperatorRow;
}

/** How long a console login lasts. */
export const SESSION_MS = ADMIN_SESSION_HOURS * 3_600_000;

/** last_seen_at is written at most this often per login (a console polls; one write a minute is plenty). */
const LAST_SEEN_EVERY_MS = 60_000;

const ISSUER = 'xuanli';
const AUDIENCE = 'admin';
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keys = new Map<string, Uint8Array>();

/** The console's signing key: HKDF-SHA256 of the JWT secret under a label used for nothing else. */
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, '', 'xuanli-admin', 32));
    keys.set(secret, key);
  }
  return key;
}

function refused(message: string): AppError {
  return new AppError('Unauthorized', message);
}

/**
 * Opens a login of `operatorId` inside `tx` (the login's transaction, with its audit row) and
 * answers its token and end.
 */
export async function openSession(
  deps: ConsoleDeps,
  tx: Tx,
  operatorId: number,
): Promise<{ jwt: string; expiresAt: Date; sessionId: string }> {
  // Whole seconds, so the token's `exp` and the row's `expires_at` are the same instant.
  const now = Math.floor(deps.clock.now() / 1000) * 1000;
  const expiresAt = new Date(now + SESSION_MS);
  const sessionId = randomUUID();
  await tx.insert(operatorSessions).values({
    id: sessionId,
    operatorId,
    createdAt: new Date(now),
    expiresAt,
    lastSeenAt: new Date(now),
  });
  const jwt = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(operatorId))
    .setIssuedAt(now / 1000)
    .setExpirationTime(expiresAt.getTime() / 1000)
    .sign(keyOf(deps.config.jwtSecret));
  return { jwt, expiresAt, sessionId };
}

/**
 * The login and operator of a console token: 401 when the token is not ours (signature, issuer,
 * audience), expired, its login ended or expired, or its operator disabled.
 */
export async function verifyOperatorToken(deps: ConsoleDeps, token: string): Promise<OperatorSession> {
  let sid: unknown;
  let sub: unknown;
  try {
    ({
      payload: { sid, sub },
    } = await jwtVerify(token, keyOf(deps.config.jwtSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      currentDate: new Date(deps.clock.now()),
    }));
  } catch {
    throw refused('invalid or expired console token');
  }
  if (typeof sid !== 'string' || !SESSION_ID.test(sid) || typeof sub !== 'string') {
    throw refused('invalid console token');
  }
  const [row] = await deps.db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.id, sid))
    .limit(1);
  const now = deps.clock.now();
  if (!row || String(row.operator.id) !== sub) throw refused('invalid console token');
  if (row.session.revokedAt !== null) throw refused('login ended');
  if (row.session.expiresAt.getTime() <= now) throw refused('login expired');
  if (row.operator.disabledAt !== null) throw refused('operator disabled');
  if (now - row.session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    // Conditional, so that the requests of one login racing in several processes write it once.
    await deps.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(
        and(
          eq(operatorSessions.id, sid),
          lt(operatorSessions.lastSeenAt, new Date(now - LAST_SEEN_EVERY_MS)),
        ),
      );
  }
  return { sessionId: sid, expiresAt: row.session.expiresAt, operator: row.operator };
}

/**
 * Ends the live logins of `operatorId` inside `tx` — all of them, or all but `exceptSessionId` (a
 * password change keeps the login that made it); answers how many ended.
 */
export async function endOperatorSessions(
  tx: Tx,
  operatorId: number,
  at: Date,
  exceptSessionId?: string,
): Promise<number> {
  const ended = await tx
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(operatorSessions.id, exceptSessionId),
      ),
    )
    .returning({ id: operatorSessions.id });
  return ended.length;
}

/** Ends one login (logout); answers whether it was live. */
export async function endSession(tx: Tx, sessionId: string, at: Date): Promise<boolean> {
  const ended = await tx
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return ended.length > 0;
}
