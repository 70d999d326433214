/**
 * Operator accounts: adding, listing, disabling, changing a role, setting a password and resetting
 * two-step verification — from the console (role admin) and from `npm run admin -- operator …`. Each
 * change runs in one transaction with its audit row; a change that ends what an account could do
 * (disable, new password, TOTP reset) ends its logins in the same transaction.
 *
 * The console always keeps one active admin: disabling or demoting the last one is refused (409). The
 * check locks every active admin row first, in id order, so two operators demoting the last two
 * admins at once cannot both pass it, and never deadlock each other.
 */
import type { Operator } from '@xuanli/contracts/admin';
import {
  ADMIN_ROLES,
  type AdminRole,
  OPERATOR_DISPLAY_NAME_MAX,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME_PATTERN,
} from '@xuanli/contracts/admin-labels';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { type Auditor, writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import type { ConsoleDeps, OperatorRow } from './deps.ts';
import { hashPassword } from './password.ts';
import { operators } from './schema.ts';
import { endOperatorSessions } from './sessions.ts';

/** Which operator an action is about: by id (console) or by username (command line). */
export type OperatorRef = { id: number } | { username: string };

/** A new operator's fields. */
export interface NewOperator {
  username: string;
  displayName?: string;
  role: string;
  password: string;
}

/** The wire form of an operator; never the hash or a TOTP secret. */
export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    totpEnabled: row.totpSecret !== null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** `role` as a role, or ValidationError naming the three. */
export function checkRole(role: string): AdminRole {
  if (!(ADMIN_ROLES as readonly string[]).includes(role)) {
    throw new AppError('ValidationError', `role must be one of ${ADMIN_ROLES.join(', ')}`);
  }
  return role as AdminRole;
}

/** A new password within the length limits, else ValidationError. */
export function checkNewPassword(password: string): string {
  if (password.length < OPERATOR_PASSWORD_MIN || password.length > OPERATOR_PASSWORD_MAX) {
    throw new AppError(
      'ValidationError',
      `password must be ${OPERATOR_PASSWORD_MIN}–${OPERATOR_PASSWORD_MAX} characters`,
    );
  }
  return password;
}

const targetOf = (row: Pick<OperatorRow, 'id'>) => `operator:${row.id}`;

/** The operator `ref` names, locked for this transaction; NotFound when there is none. */
async function lockedOperator(tx: Tx, ref: OperatorRef): Promise<OperatorRow> {
  const where = 'id' in ref ? eq(operators.id, ref.id) : eq(operators.username, ref.username);
  const [row] =
    'id' in ref && !isRowId(ref.id)
      ? []
      : await tx.select().from(operators).where(where).limit(1).for('update');
  if (!row) {
    throw new AppError('NotFound', 'id' in ref ? `no operator ${ref.id}` : `no operator '${ref.username}'`);
  }
  return row;
}

/** A change {@link saveAndLogOut} saves: the operator's fields and the audit row's words. */
interface LogOutChange {
  fields: Partial<OperatorRow>;
  audit: { action: string; before?: object; after: object; reason?: string };
}

/**
 * Saves `fields` on the locked operator `row` and ends their logins (all, or all but `keepSessionId`),
 * with the audit row of `audit` whose `after` also counts the logins ended (`loginsEnded`); the
 * disabling, the new password and the reset of two-step verification all log the operator out so.
 * Answers the operator after.
 */
async function saveAndLogOut(
  tx: Tx,
  row: OperatorRow,
  fields: LogOutChange['fields'],
  by: Auditor,
  now: Date,
  audit: LogOutChange['audit'],
  keepSessionId?: string,
): Promise<Operator> {
  const [updated] = await tx.update(operators).set(fields).where(eq(operators.id, row.id)).returning();
  const ended = await endOperatorSessions(tx, row.id, now, keepSessionId);
  await writeAudit(tx, {
    actor: by.actor,
    operatorId: by.operatorId,
    at: now,
    action: audit.action,
    target: targetOf(row),
    before: audit.before,
    after: { ...audit.after, loginsEnded: ended },
    reason: audit.reason,
  });
  return operatorView(updated);
}

/**
 * Locks operator `ref` and saves the change `changeOf` makes of their row with {@link saveAndLogOut}
 * (ending their logins but `keepSessionId`), in one transaction at one reading of the clock.
 */
function lockSaveAndLogOut(
  deps: ConsoleDeps,
  ref: OperatorRef,
  by: Auditor,
  changeOf: (row: OperatorRow) => LogOutChange,
  keepSessionId?: string,
): Promise<Operator> {
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await lockedOperator(tx, ref);
    const { fields, audit } = changeOf(row);
    return saveAndLogOut(tx, row, fields, by, now, audit, keepSessionId);
  });
}

/**
 * Locks every active admin (in id order, before any other operator row) and refuses with Conflict when
 * `leaving` is the only one: the console must keep someone who can manage operators.
 */
async function lockAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)))
    .orderBy(asc(operators.id))
    .for('update');
  return rows.map((row) => row.id);
}

function keepAnotherAdmin(activeAdmins: number[], leaving: OperatorRow): void {
  if (leaving.role !== 'admin' || leaving.disabledAt !== null) return;
  if (!activeAdmins.some((id) => id !== leaving.id)) {
    throw new AppError('Conflict', `'${leaving.username}' is the last active admin; add another admin first`);
  }
}

/** Adds an operator (Conflict when the username is taken); audit row `operator.add`. */
export async function addOperator(deps: ConsoleDeps, input: NewOperator, by: Auditor): Promise<Operator> {
  const username = input.username.trim().toLowerCase();
  if (!new RegExp(OPERATOR_USERNAME_PATTERN).test(username)) {
    throw new AppError('ValidationError', "username must be 3–32 of a–z, 0–9, '_', '.', '-'");
  }
  const displayName = (input.displayName ?? '').trim() || username;
  if (displayName.length > OPERATOR_DISPLAY_NAME_MAX) {
    throw new AppError(
      'ValidationError',
      `display name must be at most ${OPERATOR_DISPLAY_NAME_MAX} characters`,
    );
  }
  const role = checkRole(input.role);
  const passwordHash = await hashPassword(checkNewPassword(input.password), deps.config.passwordHashing);
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({ username, displayName, role, passwordHash, createdAt: now })
      .onConflictDoNothing({ target: operators.username })
      .returning();
    if (!row) throw new AppError('Conflict', `username '${username}' is taken`);
    await writeAudit(tx, {
      actor: by.actor,
      operatorId: by.operatorId,
      at: now,
      action: 'operator.add',
      target: targetOf(row),
      after: { username, displayName, role },
    });
    return operatorView(row);
  });
}

/** Every operator, disabled ones included, by username. */
export async function listOperators(deps: Pick<ConsoleDeps, 'db'>): Promise<Operator[]> {
  const rows = await deps.db.select().from(operators).orderBy(asc(operators.username));
  return rows.map(operatorView);
}

/**
 * Disables an operator: no more logins, and every live one ends now. An operator cannot disable
 * themselves (BadRequest: ask another admin), nor the last active admin (Conflict); an operator
 * already disabled is a Conflict. Audit row `operator.disable`.
 */
export async function disableOperator(
  deps: ConsoleDeps,
  ref: OperatorRef,
  by: Auditor,
  reason?: string,
): Promise<Operator> {
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const row = await lockedOperator(tx, ref);
    if (by.operatorId === row.id) throw new AppError('BadRequest', 'an operator cannot disable themselves');
    if (row.disabledAt !== null) throw new AppError('Conflict', `'${row.username}' is already disabled`);
    keepAnotherAdmin(admins, row);
    return saveAndLogOut(tx, row, { disabledAt: now }, by, now, {
      action: 'operator.disable',
      before: { disabledAt: null },
      after: { disabledAt: now.toISOString() },
      reason,
    });
  });
}

/**
 * Gives an operator another role (applies at their next request). The last active admin keeps the
 * role (Conflict). Audit row `operator.role` with the old and new role.
 */
export async function setOperatorRole(
  deps: ConsoleDeps,
  ref: OperatorRef,
  role: string,
  by: Auditor,
  reason?: string,
): Promise<Operator> {
  const next = checkRole(role);
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const row = await lockedOperator(tx, ref);
    if (row.role === next) return operatorView(row);
    if (next !== 'admin') keepAnotherAdmin(admins, row);
    const [updated] = await tx
      .update(operators)
      .set({ role: next })
      .where(and(eq(operators.id, row.id), ne(operators.role, next)))
      .returning();
    await writeAudit(tx, {
      actor: by.actor,
      operatorId: by.operatorId,
      at: now,
      action: 'operator.role',
      target: targetOf(row),
      before: { role: row.role },
      after: { role: next },
      reason,
    });
    return operatorView(updated);
  });
}

/**
 * Sets an operator's password and ends their logins — all of them, or all but `keepSessionId` (the
 * console login that changed its own password). Audit row `operator.password` (no hash in it).
 */
export async function setOperatorPassword(
  deps: ConsoleDeps,
  ref: OperatorRef,
  password: string,
  by: Auditor,
  keepSessionId?: string,
): Promise<Operator> {
  const passwordHash = await hashPassword(checkNewPassword(password), deps.config.passwordHashing);
  return lockSaveAndLogOut(
    deps,
    ref,
    by,
    () => ({ fields: { passwordHash }, audit: { action: 'operator.password', after: {} } }),
    keepSessionId,
  );
}

/**
 * Turns two-step verification off for an operator who lost their authenticator (they enrol again
 * after logging in with the password) and ends their logins. Audit row `operator.totp.reset`.
 */
export async function resetOperatorTotp(deps: ConsoleDeps, ref: OperatorRef, by: Auditor): Promise<Operator> {
  return lockSaveAndLogOut(deps, ref, by, (row) => ({
    fields: { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
    audit: {
      action: 'operator.totp.reset',
      before: { totpEnabled: row.totpSecret !== null },
      after: { totpEnabled: false },
    },
  }));
}
