/**
 * How the shop marks a product that is not shipped: a small tag on its card and a note on its page
 * saying what buying it gives. Shipped goods carry neither.
 */
import type { ProductKind } from '@xuanli/contracts/shop';

/** The tag on a product card; goods have none. */
export const KIND_TAGS: Record<ProductKind, string | null> = {
  goods: null,
  course: '课程',
  service: '咨询',
};

/** What buying the product gives, said on its page; goods have no note. */
export const KIND_NOTES: Record<ProductKind, string | null> = {
  goods: null,
  course: '购买后在「我的课程」观看',
  service: '付款后显示师傅联系方式',
};

/** Whether a product is bought one at a time (a course or a consultation): no cart, no quantity. */
export function isSingle(kind: ProductKind): boolean {
  return kind !== 'goods';
}
