import type { AlmanacDay } from '@xuanli/almanac/day';
import styles from './HourGrid.module.css';
import { LuckBadge } from './LuckBadge';

type Hour = AlmanacDay['hours'][number];

interface HourGridProps {
  hours: readonly Hour[];
  /** Index (0 = 子) of the double-hour happening now, or -1 when the page shows another day. */
  current: number;
}

/** The 12 double-hours (时辰) of the day, each with its 干支, a labelled 吉/凶 and the animal it clashes. */
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
            {hour.ganzhi} · {hour.god}
          </span>
          <span className={styles.bottom}>
            <LuckBadge value={hour.luck} />
            <span className={styles.chong}>{hour.chong}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
