import { ShopbagOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { cartPieces, useCart } from './api/get-cart';
import styles from './CartFab.module.css';
import { pieceBadge } from './piece-badge';

/**
 * The round cart button floating above the tab bar on the shop tab, with the pieces in the cart.
 * Only a logged-in buyer has a cart; a visitor sees no button.
 */
export function CartFab() {
  const isLogin = useSession((s) => s.isLogin);
  const cart = useCart();
  if (!isLogin) return null;
  const pieces = cartPieces(cart.data);
  return (
    <Link
      className={styles.fab}
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
