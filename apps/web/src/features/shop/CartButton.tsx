import { ShopbagOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { cartPieces, useCart } from './api/get-cart';
import styles from './CartButton.module.css';
import { pieceBadge } from './piece-badge';

/**
 * The cart in the shop tab's header, with the pieces in the cart. In the header rather than floating
 * over the grid, where it covered the price of whichever card scrolled under it. Only a logged-in buyer
 * has a cart; a visitor sees no button.
 */
export function CartButton() {
  const isLogin = useSession((s) => s.isLogin);
  const cart = useCart();
  if (!isLogin) return null;
  const pieces = cartPieces(cart.data);
  return (
    <Link
      className={styles.button}
      to={paths.cart.getHref()}
      aria-label={pieces > 0 ? `购物车，${pieces} 件商品` : '购物车'}
    >
      <ShopbagOutline className={styles.icon} aria-hidden="true" />
      {pieces > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {pieceBadge(pieces)}
        </span>
      ) : null}
    </Link>
  );
}
