/**
 * The sessions module's public entry: token issue and refresh routes, the guard other modules put on
 * routes that need a session, and the functions login and logout use.
 */
export { createRequireSession, registerSessionSlot, sessionOf, tokenHeader } from './guard.ts';
export { sessionRoutes } from './routes.ts';
export { sessions } from './schema.ts';
export { bindSessionToUser, revokeSession, type Session, type SessionDeps } from './service.ts';
