import type { CartItem } from '@xuanli/contracts/shop';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/FallbackImage';
import { paths } from '@/config/paths';
import { Checkbox, Stepper, SwipeAction } from '@/lib/antd-mobile';
import { userMessage } from '@/lib/error-message';
import { toast } from '@/lib/feedback';
import { useRemoveCartItem } from './api/remove-cart-item';
import { useUpdateCartItem } from './api/update-cart-item';
import styles from './CartLine.module.css';
import { canShrinkToStock, unavailableReason } from './cart-line-state';
import { PriceTag } from './PriceTag';
import shop from './shop.module.css';
import { maxQtyOf } from './sku-choice';
import { stockHint } from './stock-hint';

/** Props of {@link CartLine}. */
export interface CartLineProps {
  item: CartItem;
  /** 编辑 mode: the tick marks lines to delete (any line), not lines to check out. */
  editing: boolean;
  /** In 编辑 mode, whether the line is marked for deletion. */
  marked: boolean;
  onMark: (marked: boolean) => void;
}

/**
 * One line of the cart: the tick, the cover and title (opening the product), the SKU, the price and
 * the number of pieces. Ticking and the stepper change the line on the server, whose answer (the
 * whole cart) the page then shows; a refused change says why in Chinese and the server's cart comes
 * back. A line that cannot be checked out is greyed with its reason and cannot be ticked. Swiping
 * it left shows 删除.
 */
export function CartLine({ item, editing, marked, onMark }: CartLineProps) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const reason = unavailableReason(item);
  // While a change is on its way the stepper shows what was asked, not the cart before it.
  const qty = update.isPending && update.variables?.qty !== undefined ? update.variables.qty : item.qty;
  const selected =
    update.isPending && update.variables?.selected !== undefined ? update.variables.selected : item.selected;
  const fail = (error: unknown) => toast(userMessage(error));
  const change = (body: { qty?: number; selected?: boolean }) =>
    update.mutate({ skuId: item.skuId, ...body }, { onError: fail });
  const hint = item.available ? stockHint(item.stock) : null;

  return (
    <li className={`${styles.line} ${reason ? styles.unavailable : ''}`} aria-label={item.title}>
      <SwipeAction
        rightActions={[
          {
            key: 'delete',
            text: '删除',
            color: 'danger',
            onClick: () => remove.mutate(item.skuId, { onError: fail }),
          },
        ]}
      >
        <div className={styles.row}>
          <Checkbox
            className={styles.tick}
            checked={editing ? marked : reason === null && selected}
            disabled={!editing && reason !== null}
            onChange={(checked) => (editing ? onMark(checked) : change({ selected: checked }))}
          >
            <span className={shop.hidden}>{`选择 ${item.title} ${item.skuTitle}`}</span>
          </Checkbox>
          <Link
            className={styles.coverLink}
            to={paths.product.getHref({ id: item.productId })}
            tabIndex={-1}
            aria-hidden="true"
          >
            <FallbackImage src={item.cover} alt="" className={styles.cover} loading="lazy" />
          </Link>
          <div className={styles.info}>
            <Link className={styles.title} to={paths.product.getHref({ id: item.productId })}>
              {item.title}
            </Link>
            {item.skuTitle && item.skuTitle !== '默认' ? (
              <span className={styles.sku}>{item.skuTitle}</span>
            ) : null}
            {reason ? <span className={styles.reason}>{reason}</span> : null}
            {hint ? <span className={styles.hint}>{hint}</span> : null}
            <div className={styles.foot}>
              {/* A VIP's line costs its 会员价: shown beside the price, as on the product page. */}
              <PriceTag fen={item.listPrice} vip={item.price < item.listPrice ? item.price : null} />
              {reason === null ? (
                <Stepper
                  className={styles.stepper}
                  aria-label={`${item.title} 的数量`}
                  min={1}
                  max={Math.max(1, maxQtyOf(item))}
                  digits={0}
                  value={qty}
                  onChange={(value) => {
                    if (value && value !== qty) change({ qty: value });
                  }}
                />
              ) : canShrinkToStock(item) ? (
                <button type="button" className={styles.shrink} onClick={() => change({ qty: item.stock })}>
                  改为 {item.stock} 件
                </button>
              ) : (
                <span className={styles.qty}>×{item.qty}</span>
              )}
            </div>
          </div>
        </div>
      </SwipeAction>
    </li>
  );
}
