/**
 * Console login and logout. A wrong password, an unknown username and a disabled account fail alike
 * (`OperatorLoginFailed`, after the same argon2 work), so an answer never tells which usernames exist.
 * With two-step verification on, the password alone is not enough: a missing code is `TotpRequired`
 * and a wrong or spent one `TotpInvalid`. Limits and the slow-down on guessing are the routes' job (limits.ts).
 */
import type { AdminLoginBody, AdminLoginResult, AdminLogoutResult } from '@xuanli/contracts/admin';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import type { ConsoleDeps } from './deps.ts';
import { operatorView } from './operators.ts';
import { verifyNothing, verifyPassword } from './password.ts';
import { operators } from './schema.ts';
import { endSession, type OperatorSession, openSession } from './sessions.ts';
import { matchTotp } from './totp.ts';

/** The form a username is stored and looked up in. */
export function normalUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Spends a TOTP code of `secret` for operator `operatorId`: the matched step must be later than the
 * last one spent, and recording it is a conditional update, so of two requests racing with the same
 * code (in any processes) one wins. TotpInvalid otherwise.
 */
export async function spendTotp(
  tx: Tx,
  operator: { id: number; totpLastStep: number | null },
  secret: string,
  code: string,
  nowMs: number,
): Promise<void> {
  const step = matchTotp(secret, code, nowMs, operator.totpLastStep);
  if (step === null) throw new AppError('TotpInvalid', 'wrong or already used TOTP code');
  const [spent] = await tx
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(operators.id, operator.id),
        eq(operators.totpSecret, secret),
        or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
      ),
    )
    .returning({ id: operators.id });
  if (!spent) throw new AppError('TotpInvalid', 'wrong or already used TOTP code');
}

/** `POST admin/login`: a new 12-hour login; audit row `operator.login` with the client's IP. */
export async function login(deps: ConsoleDeps, body: AdminLoginBody, ip: string): Promise<AdminLoginResult> {
  const [row] = await deps.db
    .select()
    .from(operators)
    .where(eq(operators.username, normalUsername(body.username)))
    .limit(1);
  const passwordOk =
    row && row.disabledAt === null
      ? await verifyPassword(body.password, row.passwordHash)
      : await verifyNothing(body.password, deps.config.passwordHashing);
  if (!row || !passwordOk) throw new AppError('OperatorLoginFailed', 'wrong username or password');
  if (row.totpSecret !== null && !body.totp) {
    throw new AppError('TotpRequired', 'two-step verification is on: a TOTP code is required');
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (row.totpSecret !== null) await spendTotp(tx, row, row.totpSecret, body.totp ?? '', now);
    // Conditional: an operator disabled since the password check does not get in.
    const [current] = await tx
      .update(operators)
      .set({ lastLoginAt: new Date(now) })
      .where(and(eq(operators.id, row.id), isNull(operators.disabledAt)))
      .returning();
    if (!current) throw new AppError('OperatorLoginFailed', 'wrong username or password');
    const session = await openSession(deps, tx, row.id);
    await writeAudit(tx, {
      at: new Date(now),
      actor: row.username,
      operatorId: row.id,
      action: 'operator.login',
      target: `operator:${row.id}`,
      after: { ip, expiresAt: session.expiresAt.toISOString() },
    });
    return { jwt: session.jwt, expiresAt: session.expiresAt.toISOString(), operator: operatorView(current) };
  });
}

/** `POST admin/logout`: the login of the caller's token ends now; audit row `operator.logout`. */
export async function logout(deps: ConsoleDeps, session: OperatorSession): Promise<AdminLogoutResult> {
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    if (!(await endSession(tx, session.sessionId, at))) throw new AppError('Unauthorized', 'login ended');
    await writeAudit(tx, {
      at,
      actor: session.operator.username,
      operatorId: session.operator.id,
      action: 'operator.logout',
      target: `operator:${session.operator.id}`,
    });
  });
  return { revokedAt: at.toISOString() };
}
