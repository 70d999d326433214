/**
 * The logged-in operator's own account: who they are, their password, and two-step verification
 * (TOTP). Enrolling stores a pending secret that changes nothing until a code from the authenticator
 * app confirms it — so an operator cannot lock themselves out with a secret their phone never got —
 * and turning it off again takes a current code too.
 */
import type { AdminMe, AdminPasswordBody, TotpEnrolResult, TotpState } from '@xuanli/contracts/admin';
import { and, eq, isNull } from 'drizzle-orm';
import { writeAudit } from '../../shared/audit.ts';
import type { OperatorAuditor } from '../../shared/console-access.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import type { ConsoleDeps, OperatorRow } from './deps.ts';
import { spendTotp } from './login.ts';
import { operatorView, setOperatorPassword } from './operators.ts';
import { verifyPassword } from './password.ts';
import { operators } from './schema.ts';
import type { OperatorSession } from './sessions.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';

/** The audit trail's name for the operator of `session`. */
export function auditorOf(session: OperatorSession): OperatorAuditor {
  return { actor: session.operator.username, operatorId: session.operator.id };
}

/** `GET admin/me`. */
export function me(session: OperatorSession): AdminMe {
  return { operator: operatorView(session.operator), expiresAt: session.expiresAt.toISOString() };
}

/**
 * `POST admin/me/password`: checks the current password (WrongOldPassword), sets the new one and ends
 * the operator's other logins.
 */
export async function changeOwnPassword(
  deps: ConsoleDeps,
  session: OperatorSession,
  body: AdminPasswordBody,
): Promise<AdminMe> {
  if (!(await verifyPassword(body.oldPassword, session.operator.passwordHash))) {
    throw new AppError('WrongOldPassword', 'the current password is wrong');
  }
  const operator = await setOperatorPassword(
    deps,
    { id: session.operator.id },
    body.password,
    auditorOf(session),
    session.sessionId,
  );
  return { operator, expiresAt: session.expiresAt.toISOString() };
}

async function lockedSelf(tx: Tx, session: OperatorSession): Promise<OperatorRow> {
  const [row] = await tx
    .select()
    .from(operators)
    .where(eq(operators.id, session.operator.id))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('Unauthorized', 'operator gone');
  return row;
}

/**
 * Turns two-step verification of the caller's own account on or off: locks the account, lets `check`
 * test the caller's code against it and name the two-step fields to save, saves them with the audit
 * row `operator.totp.enable` or `operator.totp.disable` in the same transaction, and answers the
 * account as it is now.
 */
async function switchOwnTotp(
  deps: ConsoleDeps,
  session: OperatorSession,
  enabled: boolean,
  check: (
    tx: Tx,
    row: OperatorRow,
    now: number,
  ) => Promise<Pick<OperatorRow, 'totpSecret' | 'totpPendingSecret' | 'totpLastStep'>>,
): Promise<TotpState> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockedSelf(tx, session);
    const fields = await check(tx, row, now);
    const [updated] = await tx.update(operators).set(fields).where(eq(operators.id, row.id)).returning();
    await writeAudit(tx, {
      ...auditorOf(session),
      at: new Date(now),
      action: enabled ? 'operator.totp.enable' : 'operator.totp.disable',
      target: `operator:${row.id}`,
      before: { totpEnabled: !enabled },
      after: { totpEnabled: enabled },
    });
    return { operator: operatorView(updated) };
  });
}

/**
 * `POST admin/me/totp/enrol`: a fresh secret, kept pending until confirmed (enrolling again replaces
 * it). Conflict while two-step verification is on. Writes no audit row: a pending secret changes
 * nothing about how the account logs in; confirming it does, and is audited.
 */
export async function enrolTotp(deps: ConsoleDeps, session: OperatorSession): Promise<TotpEnrolResult> {
  const secret = newTotpSecret();
  const [row] = await deps.db
    .update(operators)
    .set({ totpPendingSecret: secret })
    .where(and(eq(operators.id, session.operator.id), isNull(operators.totpSecret)))
    .returning({ username: operators.username });
  if (!row) throw new AppError('Conflict', 'two-step verification is already on; turn it off first');
  return { secret, otpauthUrl: otpauthUrl(row.username, secret) };
}

/**
 * `POST admin/me/totp/confirm`: a code of the pending secret turns two-step verification on (the
 * code's step counts as spent). Conflict when it is on already or nothing was enrolled; TotpInvalid
 * for a wrong code. Audit row `operator.totp.enable`.
 */
export async function confirmTotp(
  deps: ConsoleDeps,
  session: OperatorSession,
  code: string,
): Promise<TotpState> {
  return switchOwnTotp(deps, session, true, async (_tx, row, now) => {
    if (row.totpSecret !== null) throw new AppError('Conflict', 'two-step verification is already on');
    if (row.totpPendingSecret === null) throw new AppError('Conflict', 'enrol first: no secret is waiting');
    const step = matchTotp(row.totpPendingSecret, code, now, null);
    if (step === null) throw new AppError('TotpInvalid', 'wrong TOTP code');
    return { totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step };
  });
}

/**
 * `POST admin/me/totp/disable`: a current, unspent code turns two-step verification off. Conflict when
 * it is off; TotpInvalid for a wrong or spent code. Audit row `operator.totp.disable`.
 */
export async function disableTotp(
  deps: ConsoleDeps,
  session: OperatorSession,
  code: string,
): Promise<TotpState> {
  return switchOwnTotp(deps, session, false, async (tx, row, now) => {
    if (row.totpSecret === null) throw new AppError('Conflict', 'two-step verification is off');
    await spendTotp(tx, row, row.totpSecret, code, now);
    return { totpSecret: null, totpPendingSecret: null, totpLastStep: null };
  });
}
