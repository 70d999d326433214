import { userMessage } from '@/lib/error-message';
import styles from './order.module.css';

/** A failed load: the Chinese reason and 重试. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p>加载失败：{userMessage(error)}</p>
      <button type="button" className={`${styles.button} ${styles.accent}`} onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
