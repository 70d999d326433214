import type { ProductDetail, Sku } from '@xuanli/contracts/shop';
import { yuanOf } from '@/lib/money';
import styles from './PriceTag.module.css';
import shop from './shop.module.css';
import { priceRange } from './sku-choice';

/** Props of {@link PriceTag}. */
export interface PriceTagProps {
  /** Price in 分. */
  fen: number;
  /** The struck-through list price in 分, when the product has one above the price. */
  original?: number | null;
  /** 会员价 in 分: what a VIP pays, shown as a tag beside the price when below it. */
  vip?: number | null;
  /** Adds 起 after the price (the lowest of several SKU prices). */
  from?: boolean;
  size?: 'normal' | 'large';
  className?: string;
}

/**
 * A price as Chinese shops print it: in the price red, the ¥ smaller than the yuan, then the list
 * price struck through (read out as 原价 by screen readers, since a strike-through is not), then the
 * 会员价 in a small tag. Every part keeps its figures on one line; the parts wrap as wholes.
 */
export function PriceTag({
  fen,
  original,
  vip,
  from = false,
  size = 'normal',
  className = '',
}: PriceTagProps) {
  const struck = original !== null && original !== undefined && original > fen ? original : null;
  const member = vip !== null && vip !== undefined && vip < fen ? vip : null;
  return (
    <span className={`${styles.tag} ${size === 'large' ? styles.large : ''} ${className}`}>
      <span className={styles.price}>
        <span className={styles.sign}>¥</span>
        {yuanOf(fen)}
        {from ? <span className={styles.from}>起</span> : null}
      </span>
      {struck !== null ? (
        <del className={styles.original}>
          <span className={shop.hidden}>原价</span>¥{yuanOf(struck)}
        </del>
      ) : null}
      {member !== null ? (
        <span className={styles.vip}>
          会员价 ¥{yuanOf(member)}
          {from ? '起' : ''}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The large price of a product page and its 选择规格 sheet, which must agree: the chosen SKU's price and
 * 会员价, or before a choice the lowest of the SKUs' prices (with 起 when they differ) and the product's.
 */
export function ChosenPriceTag({
  product,
  sku,
}: {
  product: Pick<ProductDetail, 'skus' | 'price' | 'originalPrice' | 'vipPrice'>;
  sku: Sku | null;
}) {
  const range = priceRange(product);
  return (
    <PriceTag
      fen={sku ? sku.price : range.low}
      original={product.originalPrice}
      vip={sku ? sku.vipPrice : product.vipPrice}
      from={!sku && range.high > range.low}
      size="large"
    />
  );
}
