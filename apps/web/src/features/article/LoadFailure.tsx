import { isRetryable, userMessage } from '@/lib/error-message';
import styles from './article.module.css';

/** A load failure in Chinese (`加载失败：…`), with 重试 when asking again may help. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p>加载失败：{userMessage(error)}</p>
      {isRetryable(error) ? (
        <button type="button" className={styles.retry} onClick={onRetry}>
          重试
        </button>
      ) : null}
    </div>
  );
}
