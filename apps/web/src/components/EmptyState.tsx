import { Button } from '@/lib/antd-mobile';
import styles from './EmptyState.module.css';

/** What an empty page offers instead: one large button that leads somewhere useful. */
export interface EmptyAction {
  label: string;
  onClick: () => void;
}

/**
 * The card a page shows when it has nothing to list or must not show anything yet (a visitor on a
 * member page, an empty cart): a title, an optional explanation and one large action button.
 */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: EmptyAction }) {
  return (
    <section className={styles.empty}>
      <p className={styles.title}>{title}</p>
      {text && <p className={styles.text}>{text}</p>}
      {action && (
        <Button
          color="primary"
          shape="rounded"
          size="large"
          className={styles.action}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      )}
    </section>
  );
}
