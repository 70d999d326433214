import bottomBar from '@/components/bottom-bar.module.css';
import { Checkbox } from '@/lib/antd-mobile';
import styles from './CartBar.module.css';
import shop from './shop.module.css';

/** Props of {@link CartBar}. */
export interface CartBarProps {
  editing: boolean;
  allTicked: boolean;
  /** False when no line can be ticked (every line unavailable). */
  canTickAll: boolean;
  busy: boolean;
  /** The server's total of the ticked lines, formatted (¥128.00). */
  total: string;
  /** Pieces in the ticked lines (the server's count). */
  pieces: number;
  /** Lines marked in 编辑 mode. */
  markedCount: number;
  onTickAll: (checked: boolean) => void;
  onCheckout: () => void;
  onDelete: () => void;
}

/**
 * The cart's bar fixed at the bottom: 全选, then 合计 and 结算(n) — or, in 编辑 mode, 删除 of the
 * marked lines.
 */
export function CartBar(props: CartBarProps) {
  const { editing, allTicked, canTickAll, busy, total, pieces, markedCount } = props;
  return (
    <div className={`${bottomBar.bar} ${styles.bar}`}>
      <Checkbox
        className={styles.all}
        checked={allTicked}
        disabled={busy || !canTickAll}
        onChange={props.onTickAll}
      >
        全选
      </Checkbox>
      {editing ? (
        <button
          type="button"
          className={`${shop.button} ${shop.delete} ${styles.button} ${styles.delete}`}
          disabled={busy || markedCount === 0}
          onClick={props.onDelete}
        >
          删除{markedCount > 0 ? `(${markedCount})` : ''}
        </button>
      ) : (
        <>
          <p className={styles.total}>
            <span className={styles.totalLabel}>合计：</span>
            <output className={styles.amount} aria-label="合计金额">
              {total}
            </output>
          </p>
          <button
            type="button"
            className={`${shop.button} ${shop.buy} ${styles.button}`}
            disabled={busy || pieces === 0}
            onClick={props.onCheckout}
          >
            结算({pieces})
          </button>
        </>
      )}
    </div>
  );
}
