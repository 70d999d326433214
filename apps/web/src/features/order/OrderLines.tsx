import type { OrderLine } from '@xuanli/contracts/shop';
import { PRODUCT_KIND_LABELS } from '@xuanli/contracts/shop-labels';
import { FallbackImage } from '@/components/FallbackImage';
import { formatFen } from '@/lib/money';
import styles from './OrderLines.module.css';

/** A single-SKU product's SKU title on the wire; not worth a line of its own. */
const DEFAULT_SKU_TITLE = '默认';

/** A line to show: a checkout's, or a placed order's with whether a refund gave it back. */
type ShownLine = OrderLine & { refunded?: boolean };

/**
 * The lines of an order or a checkout: cover, title (with 课程/咨询服务 tagged, since those are not
 * shipped), the SKU, the price of one piece and the number of pieces, and 已退款 on a line a refund
 * gave back. Prices are the server's.
 */
export function OrderLines({ lines, label = '商品' }: { lines: readonly ShownLine[]; label?: string }) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => (
        <li key={line.skuId} className={styles.line}>
          <FallbackImage className={styles.cover} src={line.cover} alt="" width={72} height={72} />
          <div className={styles.text}>
            <p className={styles.title}>
              {line.kind !== 'goods' ? (
                <span className={styles.kind}>{PRODUCT_KIND_LABELS[line.kind]}</span>
              ) : null}
              {line.title}
            </p>
            {line.skuTitle && line.skuTitle !== DEFAULT_SKU_TITLE ? (
              <p className={styles.sku}>{line.skuTitle}</p>
            ) : null}
            <p className={styles.priceRow}>
              <span className={styles.price}>{formatFen(line.price)}</span>
              {line.refunded ? <span className={styles.refunded}>已退款</span> : null}
              <span className={styles.qty}>×{line.qty}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
