import { useLocation } from 'react-router';
import OrderCentre, { ORDER_PAGES } from '@/features/order/OrderCentre';
import ReminderPages, { REMINDER_PAGES } from '@/features/reminders/ReminderPages';
import UserCentre from '@/features/user/UserCentre';

/**
 * The user centre (pages/user/*) and the order pages (checkout, the cashier, my orders, an order, the
 * address book) as one lazily loaded page: the order pages' path shows OrderCentre, any other
 * UserCentre. They share one chunk because every lazy route adds its list of chunks to preload to the
 * entry script, which the calendar route downloads too, and a route of their own would put the
 * calendar route over its 131 KB budget (scripts/route-bytes.mjs); most of the order pages live under
 * pages/user/ anyway, and a buyer moves between 我的 and 我的订单. 我的提醒 and 日历订阅
 * (features/reminders) join them for the same reason.
 */
export default function MemberPages() {
  const { pathname } = useLocation();
  if (pathname in ORDER_PAGES) return <OrderCentre />;
  return pathname in REMINDER_PAGES ? <ReminderPages /> : <UserCentre />;
}
