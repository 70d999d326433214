import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJob } from './jobs.ts';

describe('startJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const silent = { error: vi.fn() };

  it('runs every interval plus jitter, the first run one interval from now', async () => {
    const run = vi.fn();
    const job = startJob({ name: 't', intervalMs: 1000, jitterMs: 500, run, log: silent, random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(1249);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1250 * 3);
    expect(run).toHaveBeenCalledTimes(4);
    await job.stop();
  });

  it('logs a failing run and keeps going', async () => {
    const log = { error: vi.fn() };
    let calls = 0;
    const job = startJob({
      name: 'purge',
      intervalMs: 100,
      jitterMs: 0,
      log,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database down');
      },
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'purge', err: expect.any(Error) }),
      'job failed',
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    await job.stop();
  });

  it('never overlaps runs: the next is scheduled after the previous ends', async () => {
    let active = 0;
    let most = 0;
    const job = startJob({
      name: 'slow',
      intervalMs: 10,
      jitterMs: 0,
      log: silent,
      run: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 50));
        active--;
      },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(most).toBe(1);
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopped;
  });

  it('stop() cancels the next run and waits for the one in progress', async () => {
    let finished = false;
    const run = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    const job = startJob({ name: 't', intervalMs: 10, jitterMs: 0, run, log: silent });
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs with an interval of 0 (turned off)', async () => {
    const run = vi.fn();
    const job = startJob({ name: 't', intervalMs: 0, run, log: silent });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).not.toHaveBeenCalled();
    await job.stop();
  });
});
