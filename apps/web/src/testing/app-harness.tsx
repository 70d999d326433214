/**
 * Test helpers for pages and dialogs that talk to the API: a fake API at the fetch boundary whose
 * answers are typed by the contracts (src/testing/fake-answers.ts), a logged-in session
 * as the app stores it (`jw-token` with a user, PRODUCT.md#account), a renderer with a fresh non-retrying
 * query client and a memory router, and a gate to hold a fake answer.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@xuanli/contracts/member';
import type { AnswerOf, RouteRef } from '@xuanli/contracts/route';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { Dialog, Toast } from '@/lib/antd-mobile';
import { useDialogs } from '@/stores/dialogs';
import { DEFAULT_YUN_TYPE, useSession } from '@/stores/session';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';
import { fakeGuard } from '@/testing/fake-violations';
import { member } from '@/testing/members';

/** One request the fake API saw (token requests left out). */
export interface ApiCall {
  method: string;
  /**
   * Path below `/api` as the app sent it, e.g. `/crm/member/profile` or `/app/bln.Suan/bzdata` (the
   * server matches paths without regard to case; the app sends them as the original app wrote them,
   * PRODUCT.md#paths).
   */
  path: string;
  /** The query string's values, e.g. `{categoryId: '2', page: '1'}` (empty when there is none). */
  query: Record<string, string>;
  body: Record<string, unknown>;
  token: string | null;
  /** The route of the contracts' tables it is for, as `domain.name` (e.g. `shop.getCart`). */
  route: string;
}

/** A 200 success envelope for `route`, its `resData` typed by the route's answer schema. */
export function routeAnswer<R extends RouteRef>(_route: R, resData: AnswerOf<R>): Response {
  return okAnswer(resData);
}

/**
 * Replaces `fetch` with a fake API: `/base/token` issues `visitor-jwt`, every other request goes to
 * `handler` (a 404 envelope when it returns nothing). A request to a path the contracts' route tables
 * do not have, or a success answer whose `resData` is not its route's shape, fails the test. Returns
 * the calls it saw, in order.
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
      const method = init.method ?? 'GET';
      const matched = fakeGuard.route(method, url.pathname);
      const call: ApiCall = {
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : {},
        token: headers.token ?? null,
        route: matched.name,
      };
      calls.push(call);
      const answer = await handler(call);
      if (!answer) return failureAnswer('NotFound', `no fake for ${path}`);
      await fakeGuard.answer(matched, answer);
      return answer;
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

/**
 * Logs in `member(overrides)` (a whole profile, e.g. `vipMember()`, being one) as the app does: the
 * stored `jw-token` record holds the user (PRODUCT.md#account). Returns the user.
 */
export function loginAs(overrides: Partial<Profile> = {}): Profile {
  const user = member(overrides);
  useSession.getState().login({ jwt: 'member-jwt', iat: Math.floor(Date.now() / 1000), user });
  return user;
}

/**
 * A visitor with nothing saved: no stored record, no user, courses, master or birth profile, the
 * default fortune type, no classroom choices and no calendar day.
 */
export function resetSession(): void {
  window.localStorage.removeItem('jw-token');
  useSession.setState({
    user: null,
    isLogin: false,
    myclass: [],
    dashi: null,
    bazi: null,
    yunType: DEFAULT_YUN_TYPE,
    ketang: null,
    today: null,
    currWeek: null,
  });
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

/**
 * The hooks of a file of page tests: every test starts with no dialog open, as a visitor (or logged in
 * as `loggedIn`, `member()` for `true`), and ends with the overlays closed, the stubbed globals (the
 * fake API among them) restored and the session reset. A file's own `afterEach`, registered after
 * this call, runs before these.
 */
export function pageTests({ loggedIn }: { loggedIn?: true | Profile } = {}): void {
  beforeEach(() => {
    resetSession();
    useDialogs.setState({ name: null, params: {} });
    if (loggedIn) loginAs(loggedIn === true ? {} : loggedIn);
  });
  afterEach(async () => {
    await clearOverlays();
    vi.unstubAllGlobals();
    resetSession();
  });
}

/** Presses the button `name` in the newest open dialog (e.g. a `confirm` the page asked). */
export async function answerDialog(name: string): Promise<void> {
  // A dialog answered before stays in the page during its closing transition: the newest is last.
  const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name })));
}

/** The text of `element` as a reader sees it: runs of white space as one space, no margins. */
export function textOf(element: Element): string | undefined {
  return element.textContent?.replace(/\s+/g, ' ').trim();
}

/**
 * Renders `ui` inside the app's providers and a memory router opened at `path`, with a fresh query
 * client that does not retry (the app provides TanStack Query per route, src/app/server-state.tsx; a
 * page or dialog rendered here directly gets this client). `location()` reads where the router is
 * afterwards and `here()` says it as `pathname + search` (decoded, for readable assertions), so tests
 * can check navigation without a browser.
 */
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
  const here = () => (current ? decodeURIComponent(current.pathname + current.search) : '');
  return { ...result, queryClient, location: () => current, here };
}
