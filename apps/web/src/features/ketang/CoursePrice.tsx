import type { CourseSummary } from '@xuanli/contracts/ketang';
import { formatFen } from '@/lib/money';
import styles from './CoursePrice.module.css';

/**
 * What a course costs in words: 免费 for a free course, 暂未开售 for a paid one no shop product sells
 * now, else the shop's price from 分 (¥199.00).
 */
export function coursePriceText(course: Pick<CourseSummary, 'free' | 'price' | 'productId'>): string {
  if (course.free) return '免费';
  if (course.productId === null) return '暂未开售';
  return formatFen(course.price);
}

/** A course's price (or 免费 / 暂未开售), red for a price, green for 免费. */
export function CoursePrice({
  course,
  large = false,
}: {
  course: Pick<CourseSummary, 'free' | 'price' | 'productId'>;
  large?: boolean;
}) {
  const tone = course.free ? styles.free : course.productId === null ? styles.off : styles.paid;
  return (
    <span className={`${styles.price} ${tone} ${large ? styles.large : ''}`}>{coursePriceText(course)}</span>
  );
}
