import { PageOfPath, type PagesByPath } from '@/components/PageOfPath';
import { paths } from '@/config/paths';
import AddressBookPage from './AddressBookPage';
import AddressEditPage from './AddressEditPage';
import CashierPage from './CashierPage';
import CheckoutPage from './CheckoutPage';
import OrderPage from './OrderPage';
import OrdersPage from './OrdersPage';
import QrPayPage from './QrPayPage';

/**
 * The page of each order route: checkout, the sandbox cashier, WeChat's QR code on a desktop, my orders,
 * an order, the address book.
 */
export const ORDER_PAGES: PagesByPath = {
  [paths.checkout.path]: CheckoutPage,
  [paths.pay.path]: CashierPage,
  [paths.qrpay.path]: QrPayPage,
  [paths.orders.path]: OrdersPage,
  [paths.order.path]: OrderPage,
  [paths.address.path]: AddressBookPage,
  [paths.addressEdit.path]: AddressEditPage,
};

/**
 * The order pages as one lazily loaded page that shows the one of the current path. They share one
 * chunk for the reason the user centre does (features/user/UserCentre.tsx): every lazy route adds its
 * preload list to the entry script, which the calendar route downloads too. The 省/市/区 data stays
 * out of it, loaded when the address form's picker opens.
 */
export default function OrderCentre() {
  return <PageOfPath pages={ORDER_PAGES} fallback={OrdersPage} />;
}
