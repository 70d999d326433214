/**
 * Test helpers of the bazi feature: a fake server at the fetch boundary whose bzdata and jxfen
 * answers come from the real engine (so the data the page shows is real), and a renderer with a fresh
 * query client and router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { baziChart } from '@xuanli/almanac/bazi/chart';
import { compatibility } from '@xuanli/almanac/bazi/compatibility';
import { isAlmanacError } from '@xuanli/almanac/errors';
import type { Readings } from '@xuanli/contracts/bazi';
import type { ErrorCode } from '@xuanli/contracts/errors';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { failureAnswer, okAnswer, tokenAnswer } from '@/testing/fake-answers';

/** One request the fake server saw. */
export interface SeenCall {
  path: string;
  body: Record<string, unknown>;
}

/** Options of {@link installFakeServer}. */
export interface FakeServerOptions {
  /** Answer miji with this failure instead of readings (e.g. NotFound while the server is not ready). */
  mijiFailure?: ErrorCode;
  /**
   * Fails chosen calls: 'network' makes `fetch` reject as when the phone is offline, an error code
   * answers with that code's failure envelope. Return undefined to answer normally.
   */
  fail?: (call: SeenCall) => ErrorCode | 'network' | undefined;
  /** Holds chosen calls until the returned promise settles (to see loading states). */
  hold?: (call: SeenCall) => Promise<void> | undefined;
}

/**
 * Replaces `fetch` with a fake API: `/base/token` issues a token, bzdata runs `baziChart` on the body
 * (a 400 with the engine's message on bad input, as the server does), miji returns two sections and
 * jxfen runs `compatibility`. Returns the calls it saw.
 */
export function installFakeServer(options: FakeServerOptions = {}): SeenCall[] {
  const calls: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.toLowerCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : {};
      const call = { path, body };
      calls.push(call);
      if (path.endsWith('/base/token')) return tokenAnswer('test-jwt', Date.now() / 1000);
      await options.hold?.(call);
      const failure = options.fail?.(call);
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure) return failureAnswer(failure, 'refused by the test');
      try {
        if (path.endsWith('/bln.suan/bzdata')) {
          const { name, ...input } = body;
          return okAnswer({ name, ...baziChart(input) });
        }
        if (path.endsWith('/bln.suan/miji')) {
          if (options.mijiFailure) return failureAnswer(options.mijiFailure, 'not ready');
          const readings: Readings = {
            sections: [
              {
                key: 'rizhu',
                title: '日主',
                items: [{ key: 'daymaster:乙', title: '乙木日主', body: '乙木如藤萝花草，柔韧善依附。' }],
              },
              {
                key: 'wuxing',
                title: '五行',
                items: [{ key: 'element:fire:strong', title: '火旺', body: '火多则泄木之气。' }],
              },
            ],
          };
          return okAnswer(readings);
        }
        if (path.endsWith('/bln.suan/jxfen')) {
          return okAnswer(compatibility(body.fen?.wo, body.fen?.ta));
        }
      } catch (error) {
        // As the server does: an engine refusal keeps its code; anything else is a server fault.
        if (isAlmanacError(error)) return failureAnswer(error.code, error.message);
        return failureAnswer('InternalError', 'internal error');
      }
      return failureAnswer('NotFound', `no route POST ${path}`);
    }),
  );
  return calls;
}

/** Renders `ui` with a fresh query client (no retries) inside a router opened on the 排盘 tab. */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/pages/suan/index']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
