/**
 * The progress reporter on its own, with a fake server and a fake clock: nothing twice, the newest
 * after the one in flight, failed reports kept (the newest per lesson) and retried after 15 s or as
 * soon as another gets through, refusals dropped, a last try on leaving.
 */
import type { Progress, ProgressBody } from '@xuanli/contracts/ketang';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCode } from '@/lib/api';
import { createProgressReporter, PROGRESS_RETRY_MS } from './progress-reporter';

interface Sent {
  body: ProgressBody;
  leaving: boolean;
  settle: (outcome: 'ok' | Error) => void;
}

/** A server that answers only when the test says so. */
function fakeServer() {
  const sent: Sent[] = [];
  const saved: Progress[] = [];
  const request = (leaving: boolean) => (body: ProgressBody) =>
    new Promise<Progress>((resolve, reject) => {
      sent.push({
        body,
        leaving,
        settle: (outcome) =>
          outcome === 'ok'
            ? resolve({ lesson: body.lesson, position: body.position, done: false })
            : reject(outcome),
      });
    });
  const reporter = createProgressReporter({
    send: request(false),
    sendOnExit: request(true),
    onSaved: (progress) => saved.push(progress),
  });
  return { reporter, sent, saved };
}

const offline = () => new ApiError('网络连接失败，请检查网络', ClientErrorCode.network);
const refused = () => new ApiError('Forbidden', 'Forbidden', 403);
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createProgressReporter', () => {
  it('sends a position once, whole seconds, and not what the server already holds', async () => {
    const { reporter, sent, saved } = fakeServer();
    reporter.know(5, 40);
    reporter.report(5, 40.7);
    expect(sent).toHaveLength(0);
    reporter.report(5, 52.9);
    expect(sent.map((s) => s.body)).toEqual([{ lesson: 5, position: 52 }]);
    sent[0].settle('ok');
    await flush();
    expect(saved).toEqual([{ lesson: 5, position: 52, done: false }]);
    reporter.report(5, 52.2);
    expect(sent).toHaveLength(1);
    expect(reporter.latest(5)).toBe(52);
  });

  it('holds later reports of a lesson while one is in flight and sends only the newest after it', async () => {
    const { reporter, sent } = fakeServer();
    reporter.report(5, 12);
    reporter.report(5, 24);
    reporter.report(5, 36);
    reporter.report(6, 3);
    expect(sent.map((s) => s.body)).toEqual([
      { lesson: 5, position: 12 },
      { lesson: 6, position: 3 },
    ]);
    sent[0].settle('ok');
    await flush();
    expect(sent.map((s) => s.body).slice(2)).toEqual([{ lesson: 5, position: 36 }]);
  });

  it('keeps the newest failed report per lesson and sends it again after 15 s', async () => {
    const { reporter, sent } = fakeServer();
    reporter.report(5, 12);
    sent[0].settle(offline());
    await flush();
    reporter.report(5, 24);
    sent[1].settle(offline());
    await flush();
    await vi.advanceTimersByTimeAsync(PROGRESS_RETRY_MS - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.body).slice(2)).toEqual([{ lesson: 5, position: 24 }]);
    sent[2].settle('ok');
    await flush();
    await vi.advanceTimersByTimeAsync(PROGRESS_RETRY_MS * 2);
    expect(sent).toHaveLength(3);
  });

  it('sends what failed as soon as another report gets through', async () => {
    const { reporter, sent } = fakeServer();
    reporter.report(5, 30);
    sent[0].settle(new ApiError('服务繁忙', 'Unavailable', 503));
    await flush();
    reporter.report(6, 10);
    sent[1].settle('ok');
    await flush();
    expect(sent.map((s) => s.body).slice(2)).toEqual([{ lesson: 5, position: 30 }]);
  });

  it('drops a report the server refuses', async () => {
    const { reporter, sent } = fakeServer();
    reporter.report(5, 30);
    sent[0].settle(refused());
    await flush();
    reporter.retry();
    await vi.advanceTimersByTimeAsync(PROGRESS_RETRY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('sends a leaving report at once as a request that outlives the page, and gives failed ones a last try', async () => {
    const { reporter, sent } = fakeServer();
    reporter.report(5, 12);
    reporter.report(5, 20, { leaving: true });
    expect(sent.map((s) => [s.body.position, s.leaving])).toEqual([
      [12, false],
      [20, true],
    ]);
    reporter.report(6, 8);
    sent[2].settle(offline());
    await flush();
    reporter.dispose();
    expect(sent.map((s) => [s.body, s.leaving]).slice(3)).toEqual([[{ lesson: 6, position: 8 }, true]]);
    reporter.report(7, 4);
    expect(sent.at(-1)).toMatchObject({ body: { lesson: 7, position: 4 }, leaving: true });
  });
});
