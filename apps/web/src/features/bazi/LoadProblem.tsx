import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api';
import { isRetryable, userMessage } from '@/lib/error-message';
import styles from './LoadProblem.module.css';

/**
 * Whether asking again may help: network trouble, time-outs, server faults — and a 404, which on
 * these cards means content not published yet. A refused input (400, 422 …) would be refused again.
 */
export function canRetry(error: unknown): boolean {
  return isRetryable(error) || (error instanceof ApiError && error.status === 404);
}

interface LoadProblemProps {
  /** What could not be loaded, e.g. '解读暂时无法载入'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** The way out when retrying cannot help (a refused input), e.g. a 修改资料 button. */
  fix?: ReactNode;
}

/**
 * A card's load failure, in Chinese and with what to do: the wire code's sentence (`userMessage`,
 * never the server's English), then 重试 when asking again may help, else the given fix. The rest of
 * the chart stays usable.
 */
export function LoadProblem({ what, error, onRetry, fix }: LoadProblemProps) {
  const retry = canRetry(error);
  return (
    <div className={styles.problem}>
      <p className={styles.text}>
        {what}：{userMessage(error)}
      </p>
      {retry || fix ? (
        <div className={styles.actions}>
          {retry ? (
            <button type="button" className={styles.retry} onClick={onRetry}>
              重试
            </button>
          ) : (
            fix
          )}
        </div>
      ) : null}
    </div>
  );
}
