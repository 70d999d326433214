import type { OrderEvent } from '@xuanli/contracts/shop';
import { ORDER_STATUS_LABELS } from '@xuanli/contracts/shop-labels';
import { beijingDateTime } from './beijing-time';
import styles from './OrderTimeline.module.css';

/** 订单进度: the order's steps as a vertical line, the latest on top and marked. */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  const latestFirst = [...events].reverse();
  return (
    <ol className={styles.timeline} aria-label="订单进度">
      {latestFirst.map((event, index) => (
        <li
          key={`${event.at}-${event.status}`}
          className={styles.step}
          aria-current={index === 0 ? 'step' : undefined}
        >
          <span className={styles.dot} aria-hidden="true" />
          <p className={styles.what}>
            {ORDER_STATUS_LABELS[event.status]}
            {event.note ? <span className={styles.note}>{event.note}</span> : null}
          </p>
          <time className={styles.when} dateTime={event.at}>
            {beijingDateTime(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
