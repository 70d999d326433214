/**
 * Test helper of the bazi feature: a fake server (on the fake API of src/testing/app-harness.tsx)
 * whose bzdata, fancha, hehun and jxfen answers come from the real engine, so the data the page shows
 * is real.
 */
import { type BaziInput, baziChart } from '@xuanli/almanac/bazi/chart';
import { compatibility } from '@xuanli/almanac/bazi/compatibility';
import { datesOfPillars } from '@xuanli/almanac/bazi/datesOfPillars';
import { type HehunPerson, hehun } from '@xuanli/almanac/bazi/hehun';
import { isAlmanacError } from '@xuanli/almanac/errors';
import type { Readings } from '@xuanli/contracts/bazi';
import type { ErrorCode } from '@xuanli/contracts/errors';
import { vi } from 'vitest';
import { type ApiCall, installFakeApi } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';

/** Options of {@link installFakeServer}. */
export interface FakeServerOptions {
  /** Answer miji with this failure instead of readings (e.g. NotFound while the server is not ready). */
  mijiFailure?: ErrorCode;
  /**
   * Fails chosen calls: 'network' makes `fetch` reject as when the phone is offline, an error code
   * answers with that code's failure envelope. Return undefined to answer normally.
   */
  fail?: (call: ApiCall) => ErrorCode | 'network' | undefined;
  /** Holds chosen calls until the returned promise settles (to see loading states). */
  hold?: (call: ApiCall) => Promise<void> | undefined;
}

/**
 * Replaces `fetch` with a fake API: `/base/token` issues a token, bzdata runs `baziChart` on the body
 * (a 400 with the engine's message on bad input, as the server does), miji returns two sections, hehun
 * runs `hehun` and jxfen runs `compatibility` (paths matched without regard to case, as the server does). Returns the
 * calls it saw, token requests left out.
 */
export function installFakeServer(options: FakeServerOptions = {}): ApiCall[] {
  // An offline phone says so (navigator.onLine), which is how the app tells it from a server that is away.
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  return installFakeApi(async (call) => {
    const path = call.path.toLowerCase();
    await options.hold?.(call);
    const failure = options.fail?.(call);
    if (failure === 'network') {
      onLine.mockReturnValue(false);
      throw new TypeError('Failed to fetch');
    }
    if (failure) return failureAnswer(failure, 'refused by the test');
    try {
      if (path.endsWith('/bln.suan/bzdata')) {
        const { name, ...input } = call.body;
        return okAnswer({ name, ...baziChart(input as unknown as BaziInput) });
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
      if (path.endsWith('/bln.suan/fancha')) {
        // As the server reads the pillars (spaces between them) and words a refusal (WrongPillars).
        const [year, month, day, hour] = String(call.body.pillars).trim().split(/\s+/);
        const zi = call.body.zi as 'late' | 'early' | undefined;
        try {
          return okAnswer({ list: datesOfPillars({ year, month, day, hour }, { zi }) });
        } catch (error) {
          if (isAlmanacError(error)) return failureAnswer('WrongPillars', error.message);
          throw error;
        }
      }
      if (path.endsWith('/bln.suan/hehun')) {
        const { a, b } = call.body as { a: HehunPerson; b: HehunPerson };
        return okAnswer(hehun({ a, b }));
      }
      if (path.endsWith('/bln.suan/jxfen')) {
        const fen = call.body.fen as { wo?: unknown; ta?: unknown } | undefined;
        return okAnswer(compatibility(fen?.wo, fen?.ta));
      }
    } catch (error) {
      // As the server does: an engine refusal keeps its code; anything else is a server fault.
      if (isAlmanacError(error)) return failureAnswer(error.code, error.message);
      return failureAnswer('InternalError', 'internal error');
    }
    return failureAnswer('NotFound', `no route POST ${path}`);
  });
}
