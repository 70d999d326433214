import { userMessage } from '@/lib/error-message';
import styles from './LoadFailure.module.css';

/**
 * A failed load of a shop or order page said in Chinese (`加载失败：…`), announced to screen readers,
 * with a 重试 button that asks again.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={styles.failure} role="alert">
      <p className={styles.text}>加载失败：{userMessage(error)}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
