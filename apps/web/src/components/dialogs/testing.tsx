/**
 * Test helpers for the dialogs and the pages that show contact cards: a fake API at the fetch
 * boundary (answers typed by the contracts through src/testing/fake-answers.ts), a renderer with a
 * fresh query client that does not retry and a memory router, and session fixtures.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Profile } from '@xuanli/contracts/member';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { useSession } from '@/stores/session';
import { tokenAnswer } from '@/testing/fake-answers';

/** One request the fake API saw (token requests left out). */
export interface ApiCall {
  method: string;
  /** Path below `/api`, lower-cased, e.g. `/crm/dashi`. */
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/**
 * Replaces `fetch` with a fake API: `/base/token` issues a token, every other request is answered by
 * `handler` (a 404 envelope when it returns nothing). Returns the calls it saw, in order.
 */
export function installFakeApi(
  handler: (call: ApiCall) => Response | undefined | Promise<Response | undefined>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '').toLowerCase();
      if (path === '/base/token') return tokenAnswer('test-jwt', Date.now() / 1000);
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path,
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : {},
      };
      calls.push(call);
      const answer = await handler(call);
      return (
        answer ??
        new Response(JSON.stringify({ code: 'NotFound', msg: `no fake for ${path}` }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        })
      );
    }),
  );
  return calls;
}

/** A promise with its resolve function, to hold a fake answer until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Renders `ui` with a fresh non-retrying query client and a memory router at `path`. */
export function renderApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AppProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location: () => current };
}

/** A member profile as the wire sends it; VIP for a year when `vip`. */
export function profile(vip: boolean): Profile {
  const expire = vip ? new Date(Date.now() + 365 * 86_400_000).toISOString() : null;
  return {
    id: 7,
    phone: '138****0000',
    nickname: '玄历用户0000',
    avatar: '',
    vip_expire: expire,
    isVip: vip,
    hasPassword: false,
  };
}

/** Puts the session in one of the three reader states. */
export function signInAs(who: 'visitor' | 'user' | 'vip') {
  const user = who === 'visitor' ? null : profile(who === 'vip');
  useSession.setState({ user, isLogin: user !== null });
}

/** Resets the session store's profile, type, master and calendar state between tests. */
export function resetSession() {
  useSession.setState({
    user: null,
    isLogin: false,
    bazi: null,
    yunType: 'caiyun',
    dashi: null,
    today: null,
    currWeek: null,
  });
}
