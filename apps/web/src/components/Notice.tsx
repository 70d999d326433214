import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/**
 * A short message in a tinted box at the top of a page, announced to screen readers when it appears:
 * e.g. 日期无效，已显示今天 when a link carried a date the page cannot show. The words carry the
 * message; the colour only repeats it.
 */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className={styles.notice} role="alert">
      {children}
    </p>
  );
}
