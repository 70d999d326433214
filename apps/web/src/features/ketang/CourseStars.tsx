import styles from './CourseStars.module.css';

/**
 * A rating average as five stars filled to the value (4.5 fills four and a half), for reading only;
 * screen readers hear `4.5 星`.
 */
export function CourseStars({ value, className }: { value: number; className?: string }) {
  const shown = Math.max(0, Math.min(5, value));
  return (
    <span className={`${styles.stars} ${className ?? ''}`} role="img" aria-label={`${shown.toFixed(1)} 星`}>
      <span className={styles.base} aria-hidden="true">
        ★★★★★
      </span>
      <span className={styles.fill} style={{ width: `${(shown / 5) * 100}%` }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
