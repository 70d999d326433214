/**
 * The operator's login, kept in sessionStorage: it ends with the browser tab, never reaches another
 * tab or a later visit, and expires with the server's session (12 hours, `expiresAt` of the login
 * answer). Components read it through {@link useOperatorSession}; the API client ends it on a 401.
 */
import type { AdminLoginResult, Operator } from '@xuanli/contracts/admin';
import { useSyncExternalStore } from 'react';

/** sessionStorage key of the login. */
export const SESSION_STORAGE_KEY = 'xuanli-admin-session';

/** A console login: the bearer token, when it ends and who it is, as the login answered them. */
export type OperatorSession = Pick<AdminLoginResult, 'jwt' | 'expiresAt' | 'operator'>;

/**
 * Why the last login ended: `expired` when the server refused its token (the login page says so and
 * returns to the page afterwards), `logout` when the operator logged out; null while none ended.
 */
export type SessionEndReason = 'expired' | 'logout' | null;

let current: OperatorSession | null = null;
let loaded = false;
let endReason: SessionEndReason = null;
const listeners = new Set<() => void>();

function isSession(value: unknown): value is OperatorSession {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.jwt === 'string' &&
    typeof record.expiresAt === 'string' &&
    !!record.operator &&
    typeof record.operator === 'object'
  );
}

function read(): OperatorSession | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function write(session: OperatorSession | null): void {
  current = session;
  loaded = true;
  try {
    if (session) window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage refused (private mode quota): the login still lasts while the page is open.
  }
  for (const listener of listeners) listener();
}

/** The stored login, or null. Whether it has expired is {@link isExpired}'s question. */
export function getSession(): OperatorSession | null {
  if (!loaded) {
    current = read();
    loaded = true;
  }
  return current;
}

/** True when `session` is past its `expiresAt` at `nowMs` (the server refuses its token by then). */
export function isExpired(session: OperatorSession, nowMs: number = Date.now()): boolean {
  const end = Date.parse(session.expiresAt);
  return Number.isNaN(end) || end <= nowMs;
}

/** Stores a fresh login (the answer of `POST /api/admin/login`). */
export function startSession(login: AdminLoginResult): void {
  endReason = null;
  write({ jwt: login.jwt, expiresAt: login.expiresAt, operator: login.operator });
}

/** Replaces the stored operator (after `GET /api/admin/me` or a TOTP change), keeping the token. */
export function updateOperator(operator: Operator, expiresAt?: string): void {
  const session = getSession();
  if (session) write({ ...session, operator, expiresAt: expiresAt ?? session.expiresAt });
}

/** Ends the login in this tab, saying why. */
export function endSession(reason: SessionEndReason): void {
  endReason = reason;
  write(null);
}

/** Why the last login ended; null after a new login. */
export function lastEndReason(): SessionEndReason {
  return endReason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current login, re-rendering when it starts, changes or ends. */
export function useOperatorSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** Forgets the cached login so the next read comes from sessionStorage again (tests). */
export function resetSessionCache(): void {
  current = null;
  loaded = false;
  endReason = null;
}
