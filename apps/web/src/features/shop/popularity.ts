/**
 * How many have bought a product, as its card and page say it: 已售 N from the shop's threshold on
 * (`POPULARITY_SHOWN_FROM` of the contracts, shared with the classroom), 新品 below it — a new product
 * reading 已售 0 tells a buyer nobody trusts it, which is not what it means.
 */
import { popularityShown } from '@xuanli/contracts/popularity';

/** 已售 321, or 新品 below the threshold. */
export function salesText(sales: number): string {
  return popularityShown(sales) ? `已售 ${sales}` : '新品';
}
