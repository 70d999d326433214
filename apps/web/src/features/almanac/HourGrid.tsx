import type { AlmanacDay } from '@xuanli/almanac/day';
import styles from './HourGrid.module.css';
import { LuckBadge } from './LuckBadge';

type Hour = AlmanacDay['hours'][number];

interface HourGridProps {
  hours: readonly Hour[];
  /** Index (0 = 子) of the double-hour happening now, or -1 when the page shows another day. */
  current: number;
}

/**
 * The 12 double-hours (时辰) of the day, each with its 干支, a labelled 吉/凶 and the animal it clashes;
 * three cards a row, two on a phone narrower than 360 px so 冲马(戊午) stays on one line.
 */
export function HourGrid({ hours, current }: HourGridProps) {
  return (
    <ol className={styles.grid} aria-label="时辰吉凶">
      {hours.map((hour, index) => (
        <li
          key={hour.branch}
          className={`${styles.hour} ${index === current ? styles.now : ''}`}
          aria-current={index === current ? 'time' : undefined}
        >
          <span className={styles.name}>
            {hour.branch}时{index === current && <span className={styles.nowTag}>当前</span>}
          </span>
          <span className={styles.range}>{hour.range}</span>
          <span className={styles.ganzhi}>
            <span className={styles.word}>{hour.ganzhi}</span> ·{' '}
            <span className={styles.word}>{hour.god}</span>
          </span>
          <span className={styles.bottom}>
            <LuckBadge value={hour.luck} />
            <span className={`${styles.chong} ${styles.word}`}>{hour.chong}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
