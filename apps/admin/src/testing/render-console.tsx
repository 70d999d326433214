/**
 * Renders the whole console at a hash route, optionally logged in as an operator of a role (the login
 * stored as the login page stores it), with a user-event driver.
 */

import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMe } from '@xuanli/contracts/admin';
import type { AdminRole } from '@xuanli/contracts/admin-labels';
import { App } from '@/app/App';
import { resetSessionCache, SESSION_STORAGE_KEY } from '@/lib/session';
import type { ApiCall } from './fake-api';
import { okAnswer } from './fake-api';
import { aLogin } from './fixtures';

/** Options of {@link renderConsole}. */
export interface RenderConsoleOptions {
  /** The route, e.g. '/users'. */
  path: string;
  /** Log in as an operator of this role first; none = logged out. */
  role?: AdminRole;
}

/** Renders the console; returns the user-event driver. */
export function renderConsole({ path, role }: RenderConsoleOptions) {
  if (role) window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(aLogin(role)));
  resetSessionCache();
  window.location.hash = `#${path}`;
  const user = userEvent.setup();
  // antd's styles are kept out of the document: jsdom matches every rule of every sheet against the
  // element each time a query asks whether it is visible, which was over half of this suite's time. What
  // the styles do on a screen is the e2e suite's to check, in a real browser.
  const view = render(
    <StyleProvider mock="server" cache={createCache()}>
      <App />
    </StyleProvider>,
  );
  return { user, ...view };
}

/** The answer of `GET /me` for the operator of `role` (every signed-in page asks it once). */
export function meAnswer(call: ApiCall, role: AdminRole): Response | undefined {
  if (call.method !== 'GET' || call.path !== '/me') return undefined;
  const login = aLogin(role);
  const me: AdminMe = { operator: login.operator, expiresAt: login.expiresAt };
  return okAnswer(me);
}
