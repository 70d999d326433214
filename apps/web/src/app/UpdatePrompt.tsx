import { useSyncExternalStore } from 'react';
import { applyUpdate, subscribeUpdate, updateWaiting } from '@/lib/pwa';
import styles from './UpdatePrompt.module.css';

/**
 * The banner that offers a newly deployed build (src/lib/pwa.ts): nothing until the new service worker
 * is installed and waiting, then one tap activates it and reloads the page.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className={styles.banner} role="status">
      <button type="button" className={styles.button} onClick={applyUpdate}>
        有新版本，点击刷新
      </button>
    </div>
  );
}
