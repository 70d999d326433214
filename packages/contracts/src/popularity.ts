/**
 * When the app shows how many people bought or learned something. A brand-new product reading 已售 0
 * or a course reading 0 人学过 tells a buyer nobody trusts it; a handful reads little better. Below
 * {@link POPULARITY_SHOWN_FROM} the app says 新品 / 新课 instead of the number; from it on the number
 * is shown as it is. The API answers the true counts (the console needs them); the threshold is the
 * app's, kept here so the shop and the classroom agree. TypeBox-free: the web imports it.
 */

/** The smallest count of buyers (已售) or learners (人学过) the app shows as a number. */
export const POPULARITY_SHOWN_FROM = 10;

/** Whether `count` is shown as a number (else the product or course reads as new). */
export function popularityShown(count: number): boolean {
  return count >= POPULARITY_SHOWN_FROM;
}
