import { type ReactNode, useId } from 'react';
import styles from './dialogs.module.css';

/** The inside of an app dialog, named by its title: the title, a 44 px 关闭 button and the content. */
export function DialogFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className={styles.frame} role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 className={styles.title} id={titleId}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
