import type { ReactNode } from 'react';
import styles from './ComingSoon.module.css';

/** Props of {@link ComingSoon}. */
export interface ComingSoonProps {
  /** What is coming, e.g. `八字排盘`; shown as `八字排盘即将上线`. */
  feature: string;
  /** One or two sentences on what the page will offer. */
  description?: string;
  /** Optional action under the text, e.g. a button back to the calendar. */
  action?: ReactNode;
}

/** A calm placeholder for a page whose feature has not shipped yet; it says so plainly. */
export function ComingSoon({ feature, description, action }: ComingSoonProps) {
  return (
    <section className={styles.card} aria-live="polite">
      <div className={styles.seal} aria-hidden="true">
        <span>敬</span>
        <span>请</span>
        <span>期</span>
        <span>待</span>
      </div>
      <h2 className={styles.heading}>{feature}即将上线</h2>
      {description ? <p className={styles.text}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
