/**
 * The strip under a reading page's header that says why what it shows may be old, and that it will
 * refresh by itself:
 * - offline (the phone has no network): 离线, with what the page shows meanwhile — the answers it
 *   showed last time, kept across visits (lib/query-persist.ts) — and that it updates once online;
 * - our server not answering while the phone is online (connection refused, 502/503/504, as the API
 *   client last saw it: lib/service-health.ts): 服务暂时不可用, what is shown may be out of date.
 * While the server is away the strip asks `GET /api/health` every few seconds (no token, no rate
 * budget) and, once it answers, has the page's queries fetched again, so the reader never has to tap.
 *
 * Rendered by the pages that read server state, right below their PageHeader (sticky with it).
 */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { env } from '@/config/env';
import { noteAnswer, onServiceState, serviceState } from '@/lib/service-health';
import styles from './ConnectionNotice.module.css';

/** How often the strip asks whether the server is back. */
export const SERVICE_PROBE_INTERVAL_MS = 8000;

/** What the page shows from its queries: answers, only waiting ones, or none at all. */
type Shown = 'answers' | 'waiting' | 'nothing';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** What the queries observed by the page hold now, kept current as they change. */
function useShownAnswers(): Shown {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => {
      const active = cache.findAll({ type: 'active' });
      if (active.some((query) => query.state.data !== undefined)) return 'answers';
      return active.length > 0 ? 'waiting' : 'nothing';
    },
  );
}

/** While `away`, asks the health route every few seconds; once it answers, refetches the page's queries. */
function useServiceRecovery(away: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!away) return;
    let stopped = false;
    const probe = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const response = await fetch(`${env.apiBaseUrl}/health`, { cache: 'no-store' });
        if (stopped) return;
        noteAnswer(response.status, undefined);
        if (response.ok) void client.invalidateQueries();
      } catch {
        // Still nobody there; ask again at the next beat.
      }
    };
    const timer = setInterval(probe, SERVICE_PROBE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [away, client]);
}

// Short enough for one line at 320 px beside the badge: the badge says what happened, the words what
// the page shows meanwhile and that it will update by itself.
const OFFLINE_TEXT: Record<Shown, string> = {
  answers: '显示的是上次的内容，联网后自动更新',
  waiting: '网络未连接，联网后自动加载',
  nothing: '部分内容需要联网后查看',
};

const UNAVAILABLE_TEXT: Record<Shown, string> = {
  answers: '内容可能不是最新的',
  waiting: '恢复后自动加载',
  nothing: '请稍后再试',
};

/** The strip, or nothing while the network and the server are fine. */
export function ConnectionNotice() {
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const service = useSyncExternalStore(onServiceState, serviceState);
  const shown = useShownAnswers();
  useServiceRecovery(online && service === 'unavailable');
  if (!online) {
    return (
      <p className={`${styles.notice} ${styles.offline}`} role="status">
        <strong className={styles.badge}>离线</strong>
        <span>{OFFLINE_TEXT[shown]}</span>
      </p>
    );
  }
  if (service === 'unavailable') {
    return (
      <p className={`${styles.notice} ${styles.unavailable}`} role="status">
        <strong className={styles.badge}>服务暂时不可用</strong>
        <span>{UNAVAILABLE_TEXT[shown]}</span>
      </p>
    );
  }
  return null;
}
