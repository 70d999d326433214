import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import CartPage from './CartPage';
import ProductPage from './ProductPage';
import ShopPage from './ShopPage';

/** The page of each shop route: the 商城 tab, a product, the cart. */
export const SHOP_PAGES: Readonly<Record<string, ComponentType>> = {
  [paths.shop.path]: ShopPage,
  [paths.product.path]: ProductPage,
  [paths.cart.path]: CartPage,
};

/**
 * The shop's three pages as one lazily loaded page that shows the one of the current path. One chunk
 * rather than three: every lazy route adds its list of chunks to preload to the entry script, which the
 * calendar route downloads too and whose bytes are budgeted (scripts/route-bytes.mjs); the pages share
 * nearly all their code (antd-mobile, the cart query) anyway.
 */
export default function ShopPages() {
  const { pathname } = useLocation();
  const Page = SHOP_PAGES[pathname] ?? ShopPage;
  return <Page />;
}
