/**
 * The session routes (`/api/base/…`): the session token, the session, logging out, and the health probe.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import { HealthSchema } from '../files.ts';
import { defineRoutes } from '../route.ts';
import { LogoutResultSchema, SessionSchema, TokenBodySchema, TokenEnvelopeSchema } from '../sessions.ts';

/** The app's sessions routes. */
export const SESSION_ROUTES = defineRoutes({
  postToken: { method: 'POST', path: '/api/base/token', body: TokenBodySchema, reply: TokenEnvelopeSchema },
  getSession: { method: 'GET', path: '/api/base/session', answer: SessionSchema },
  postLogout: { method: 'POST', path: '/api/base/logout', answer: LogoutResultSchema },
  getHealth: { method: 'GET', path: '/api/health', answer: HealthSchema },
});
