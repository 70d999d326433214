import { MessageOutline, ShopbagOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import bottomBar from '@/components/bottom-bar.module.css';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';
import { cartPieces, useCart } from './api/get-cart';
import styles from './ProductActionBar.module.css';
import { pieceBadge } from './piece-badge';
import shop from './shop.module.css';

/** Whether a product can be bought: on sale, taken off the shelf, or out of stock. */
export type ProductState = 'onSale' | 'offShelf' | 'soldOut';

/** Props of {@link ProductActionBar}. */
export interface ProductActionBarProps {
  state: ProductState;
  /** A course or a consultation: bought one at a time, never put in the cart. */
  single: boolean;
  onAddToCart: () => void;
  onBuyNow: () => void;
}

/**
 * The product page's bar fixed at the bottom: 客服 opens the online customer-service card (PRODUCT.md#screens
 * dialog 3), 购物车 shows the pieces in the cart, then the buy buttons; an off-shelf or sold-out
 * product shows one disabled button saying so instead.
 */
export function ProductActionBar({ state, single, onAddToCart, onBuyNow }: ProductActionBarProps) {
  const cart = useCart();
  const pieces = cartPieces(cart.data);
  return (
    <div className={`${bottomBar.bar} ${styles.bar}`}>
      <button type="button" className={styles.icon} onClick={() => useDialogs.getState().open('kefu')}>
        <MessageOutline className={styles.glyph} aria-hidden="true" />
        <span>客服</span>
      </button>
      <Link
        className={styles.icon}
        to={paths.cart.getHref()}
        aria-label={pieces > 0 ? `购物车，${pieces} 件商品` : '购物车'}
      >
        <span className={styles.glyphBox}>
          <ShopbagOutline className={styles.glyph} aria-hidden="true" />
          {pieces > 0 ? (
            <span className={styles.badge} aria-hidden="true">
              {pieceBadge(pieces)}
            </span>
          ) : null}
        </span>
        <span aria-hidden="true">购物车</span>
      </Link>
      <div className={styles.buttons}>
        {state !== 'onSale' ? (
          <button type="button" className={`${shop.button} ${shop.buy} ${styles.button}`} disabled>
            {state === 'offShelf' ? '已下架' : '已售罄'}
          </button>
        ) : (
          <>
            {single ? null : (
              <button
                type="button"
                className={`${shop.button} ${shop.cart} ${styles.button}`}
                onClick={onAddToCart}
              >
                加入购物车
              </button>
            )}
            <button
              type="button"
              className={`${shop.button} ${shop.buy} ${styles.button}`}
              onClick={onBuyNow}
            >
              立即购买
            </button>
          </>
        )}
      </div>
    </div>
  );
}
