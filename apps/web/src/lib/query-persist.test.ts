import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { loginAs, resetSession } from '@/testing/app-harness';
import {
  isPersistedQuery,
  keepQueriesAcrossVisits,
  PERSIST_MAX_AGE_MS,
  PERSIST_MAX_CHARS,
  restoreQueries,
  saveQueries,
} from './query-persist';

const NOW = Date.UTC(2026, 0, 14, 4);
const COURSES = { list: [{ id: 'bazi-rumen', title: '八字入门' }], total: 1 };
const PROFILE = { name: '王小明', sex: '女', born: '公 1985-05-10 08:00', yunType: 'caiyun' };

const stored = () => JSON.parse(localStorage.getItem('xl-query-cache') ?? 'null');

/** Signs `userId` in as the app does (or signs out with null). */
function signedIn(userId: number | null) {
  if (userId === null) resetSession();
  else loginAs({ id: userId });
}

/** A client holding what a reader saw: the classroom, their 定制 profile, a signed lesson URL. */
function clientWithAnswers(at = NOW) {
  const client = new QueryClient();
  client.setQueryData(['ketang', 'courses', { keyword: '', category: null }, 7], COURSES, { updatedAt: at });
  client.setQueryData(['dingzhi-profile', 7], PROFILE, { updatedAt: at });
  client.setQueryData(['ketang', 'play', 12, 7], { url: '/signed?sig=x' }, { updatedAt: at });
  client.setQueryData(['shop', 'orders', 'all'], { list: [] }, { updatedAt: at });
  return client;
}

beforeEach(() => signedIn(7));
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

describe('the answers kept across visits', () => {
  it('keeps the reading pages’ answers and gives them back to a fresh start, as stale', () => {
    saveQueries(clientWithAnswers(), NOW);
    const fresh = new QueryClient();
    restoreQueries(fresh, NOW + 3600_000);
    expect(fresh.getQueryData(['ketang', 'courses', { keyword: '', category: null }, 7])).toEqual(COURSES);
    expect(fresh.getQueryData(['dingzhi-profile', 7])).toEqual(PROFILE);
    expect(fresh.getQueryState(['dingzhi-profile', 7])?.dataUpdatedAt).toBe(NOW);
    // Stale whatever its age, so the page that shows it asks again as soon as it can.
    expect(fresh.getQueryState(['dingzhi-profile', 7])?.isInvalidated).toBe(true);
    // Never a signed media URL or an order.
    expect(fresh.getQueryData(['ketang', 'play', 12, 7])).toBeUndefined();
    expect(fresh.getQueryData(['shop', 'orders', 'all'])).toBeUndefined();
  });

  it('chooses what is kept by the query key', () => {
    for (const key of [
      ['ketang', 'categories'],
      ['shop', 'products', {}],
      ['shop', 'product', 3],
      ['shop', 'cart', 7],
      ['dingzhi', '王小明'],
      ['kefu'],
      ['article', 'id', 3],
    ]) {
      expect(isPersistedQuery(key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [
      ['ketang', 'play', 1, 7],
      ['shop', 'order', 'x'],
      ['bazi', 'miji', {}],
      ['pay', 'channels'],
    ]) {
      expect(isPersistedQuery(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('gives nothing of one account to another, nor to a visitor, and forgets such a record', () => {
    saveQueries(clientWithAnswers(), NOW);
    expect(stored().owner).toBe(7);
    signedIn(null);
    signedIn(8);
    const other = new QueryClient();
    restoreQueries(other, NOW);
    expect(other.getQueryCache().getAll()).toHaveLength(0);
    expect(stored()).toBeNull();

    signedIn(7);
    saveQueries(clientWithAnswers(), NOW);
    signedIn(null);
    const visitor = new QueryClient();
    restoreQueries(visitor, NOW);
    expect(visitor.getQueryCache().getAll()).toHaveLength(0);
  });

  it('drops answers older than a week', () => {
    saveQueries(clientWithAnswers(), NOW);
    const later = new QueryClient();
    restoreQueries(later, NOW + PERSIST_MAX_AGE_MS + 1);
    expect(later.getQueryCache().getAll()).toHaveLength(0);
  });

  it('keeps the newest answers when they would not fit', () => {
    const client = new QueryClient();
    const big = 'x'.repeat(Math.floor(PERSIST_MAX_CHARS / 3));
    for (let i = 0; i < 5; i += 1) {
      client.setQueryData(['ketang', 'course', `c${i}`, 7], { intro: big }, { updatedAt: NOW + i });
    }
    saveQueries(client, NOW + 10);
    const kept = stored().state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[2]);
    expect(kept).toEqual(['c4', 'c3']);
  });

  it('saves shortly after an answer arrives, and clears memory and disk when the account leaves', async () => {
    vi.useFakeTimers({ now: NOW });
    const client = new QueryClient();
    const stop = keepQueriesAcrossVisits(client);
    client.setQueryData(['dingzhi-profile', 7], PROFILE);
    expect(stored()).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(stored().state.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([
      ['dingzhi-profile', 7],
    ]);

    useSession.getState().logout();
    expect(client.getQueryData(['dingzhi-profile', 7])).toBeUndefined();
    expect(stored()).toBeNull();
    stop();
  });

  it('restores what the last visit kept when it starts', () => {
    saveQueries(clientWithAnswers(Date.now()), Date.now());
    const client = new QueryClient();
    const stop = keepQueriesAcrossVisits(client);
    expect(client.getQueryData(['dingzhi-profile', 7])).toEqual(PROFILE);
    stop();
  });
});
