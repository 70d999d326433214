/**
 * The sessions module's public entry: token issue, refresh and logout routes, the guard other modules
 * put on routes that need a session, the functions login uses, the purge the clean-up job runs, and
 * the settings config.ts gathers (the tokens' lifetimes and the secret that signs them).
 */
export { createRequireSession, registerSessionSlot, sessionOf, tokenHeader } from './guard.ts';
export { type SessionRoutesOptions, sessionRoutes } from './routes.ts';
export { type JwtSecretSource, resolveJwtSecret } from './secret.ts';
export {
  bindSessionToUser,
  configureSessionCache,
  deleteUserSessions,
  forgetUserSessions,
  type IssuedToken,
  purgeExpiredSessions,
  revokeSession,
  revokeUserSessions,
  type Session,
  type SessionDeps,
  sessionUserOf,
  startUserSession,
  type UserSessionStart,
  verifySessionToken,
} from './service.ts';
export { parseSessionSettings, SESSION_SETTINGS, type SessionSettings } from './settings.ts';
export { endSessionsOf, liveSessionCounts, recentSessionsOf, type SessionRow } from './user-sessions.ts';
