import { formatFen } from '@/lib/money';
import styles from './order.module.css';

/** The server's figures of an order or a checkout (never summed here). */
export interface AmountFigures {
  goodsTotal: number;
  shipping: number;
  total: number;
  /** What refunds gave back of a placed order (a checkout has none). */
  refundedAmount?: number;
  /** What 会员价 took off a VIP's checkout (already in the lines; shown so the VIP sees it). */
  vipSaving?: number;
}

/**
 * 商品金额 (with what 会员价 saved a VIP at checkout), 运费 and 实付, as the server computed them, and
 * 已退款 once a refund gave some of it back.
 * Free shipping of shipped goods reads 包邮; an order with nothing to ship reads 无需配送.
 */
export function Amounts({ figures, ships }: { figures: AmountFigures; ships: boolean }) {
  const shipping = figures.shipping > 0 ? formatFen(figures.shipping) : ships ? '包邮' : '无需配送';
  return (
    <dl className={styles.rows} aria-label="金额">
      <div className={styles.row}>
        <dt>商品金额</dt>
        <dd className={styles.number}>{formatFen(figures.goodsTotal)}</dd>
      </div>
      {figures.vipSaving ? (
        <div className={styles.row}>
          <dt>会员价已省</dt>
          <dd className={styles.number}>{formatFen(figures.vipSaving)}</dd>
        </div>
      ) : null}
      <div className={styles.row}>
        <dt>运费</dt>
        <dd className={styles.number}>{shipping}</dd>
      </div>
      <div className={styles.row}>
        <dt>实付</dt>
        <dd className={styles.total}>{formatFen(figures.total)}</dd>
      </div>
      {figures.refundedAmount ? (
        <div className={styles.row}>
          <dt>已退款</dt>
          <dd className={styles.number}>{formatFen(figures.refundedAmount)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
