import type { CourseSummary } from '@xuanli/contracts/ketang';
import { formatFen } from '@/lib/money';
import styles from './CoursePrice.module.css';

/** The course fields a price is shown from. */
type Priced = Pick<CourseSummary, 'free' | 'price' | 'productId'> & Partial<Pick<CourseSummary, 'vipPrice'>>;

/**
 * What a course costs in words: 免费 for a free course, 暂未开售 for a paid one no shop product sells
 * now, else the shop's price from 分 (¥49.00).
 */
export function coursePriceText(course: Pick<CourseSummary, 'free' | 'price' | 'productId'>): string {
  if (course.free) return '免费';
  if (course.productId === null) return '暂未开售';
  return formatFen(course.price);
}

/** The 会员价 of a course on sale, when it has one below its price; else null. */
export function courseVipPrice(course: Priced): number | null {
  if (course.free || course.productId === null) return null;
  const vip = course.vipPrice ?? null;
  return vip !== null && vip < course.price ? vip : null;
}

/**
 * A course's price (or 免费 / 暂未开售), red for a price, green for 免费; with `showVip`, its 会员价 in
 * a small tag beside it (what a VIP pays at checkout).
 */
export function CoursePrice({
  course,
  large = false,
  showVip = false,
}: {
  course: Priced;
  large?: boolean;
  showVip?: boolean;
}) {
  const tone = course.free ? styles.free : course.productId === null ? styles.off : styles.paid;
  const vip = showVip ? courseVipPrice(course) : null;
  return (
    <span className={styles.wrap}>
      <span className={`${styles.price} ${tone} ${large ? styles.large : ''}`}>
        {coursePriceText(course)}
      </span>
      {vip !== null ? <span className={styles.vip}>会员价 {formatFen(vip)}</span> : null}
    </span>
  );
}
