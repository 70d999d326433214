/**
 * Test helpers for pages that talk to the API: a fake API at the fetch boundary whose answers are typed by the
 * contracts (src/testing/fake-answers.ts), member fixtures, a logged-in session as the app stores it
 * (`jw-token` with a user, SPEC §4) and a renderer with a fresh non-retrying query client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { ErrorEnvelope } from '@xuanli/contracts/envelope';
import type { Profile } from '@xuanli/contracts/member';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { Dialog, Toast } from '@/lib/antd-mobile';
import { useSession } from '@/stores/session';
import { tokenAnswer } from '@/testing/fake-answers';

/** One request the fake API saw (token requests left out). */
export interface ApiCall {
  method: string;
  /** Path below `/api`, e.g. `/crm/member/profile`. */
  path: string;
  /** The query string's values, e.g. `{categoryId: '2', page: '1'}` (empty when there is none). */
  query: Record<string, string>;
  body: Record<string, unknown>;
  token: string | null;
}

/**
 * Replaces `fetch` with a fake API: `/base/token` issues `visitor-jwt`, every other request goes to
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
      const path = url.pathname.replace(/^\/api/, '');
      if (path === '/base/token') return tokenAnswer('visitor-jwt', Date.now() / 1000);
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : {},
        token: headers.token ?? null,
      };
      calls.push(call);
      const answer = await handler(call);
      return answer ?? json(404, { code: 'NotFound', msg: `no fake for ${path}` } satisfies ErrorEnvelope);
    }),
  );
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A 429 `TooManyRequests` envelope that names its wait, as the SMS route sends it (accounts wire). */
export function tooManyAnswer(retryAfter: number): Response {
  const body: ErrorEnvelope & { retryAfter: number } = {
    code: 'TooManyRequests',
    msg: 'Too many requests',
    retryAfter,
  };
  return json(429, body);
}

/** A member as the wire sends it (masked phone, no VIP, no password unless overridden). */
export function member(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    phone: '138****0000',
    nickname: '玄历用户0000',
    avatar: '',
    vip_expire: null,
    isVip: false,
    hasPassword: false,
    ...overrides,
  };
}

/** Logs `user` in as the app does: the stored `jw-token` record holds the user (SPEC §4). */
export function loginAs(user: Profile = member()): Profile {
  useSession.getState().login({ jwt: 'member-jwt', iat: Math.floor(Date.now() / 1000), user });
  return user;
}

/** A visitor: no stored record, no user. */
export function resetSession(): void {
  window.localStorage.removeItem('jw-token');
  useSession.setState({ user: null, isLogin: false, myclass: [], dashi: null });
}

/**
 * Closes the toasts and dialogs a test left open (antd-mobile renders them outside the test's tree)
 * and lets their unmounting finish before the next test.
 */
export async function clearOverlays(): Promise<void> {
  await act(async () => {
    Toast.clear();
    Dialog.clear();
  });
  const overlays = '.adm-dialog, .adm-toast-mask';
  // Their closing transition ends before they leave the document; one stuck on a fake clock is removed.
  try {
    await waitFor(() => expect(document.querySelector(overlays)).toBeNull(), { timeout: 2000 });
  } catch {
    for (const node of document.querySelectorAll(overlays)) node.closest('body > div')?.remove();
  }
}

/** Renders `ui` with a fresh non-retrying query client and a memory router at `path`. */
export function renderPage(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
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

/** Where the router is, as `pathname + search` (decoded), for readable assertions. */
export function here(location: Location | undefined): string {
  return location ? decodeURIComponent(location.pathname + location.search) : '';
}
