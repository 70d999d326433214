/**
 * The shop module's public entry: the catalogue (categories, products, SKUs), each buyer's cart and
 * 收货地址 book, orders, the buyer guard (which the pay routes share), the console's catalogue and orders
 * areas, the figures and names the console's dashboard and audit trail read, and the seed that stores
 * the demo catalogue apps/api/seed hands in.
 */
export { type AddressRoutesOptions, addressRoutes } from './addresses.routes.ts';
export { buyerGuard, buyerOf } from './buyer.ts';
export { type BuyerOrder, orderCountsOf, recentOrdersOf } from './buyer-orders.ts';
export { type CartRoutesOptions, cartRoutes } from './cart.routes.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export { productTitlesOf, skuNamesOf } from './catalogue-names.ts';
export { catalogueConsoleRoutes } from './console-catalogue.routes.ts';
export { type OrderConsoleOptions, orderConsoleRoutes } from './console-orders.routes.ts';
export { type CourseOffer, courseOffersOf } from './course-offers.ts';
export { type BuyerErasure, eraseBuyer } from './erase.ts';
export {
  createOrderLedger,
  type LedgerDeps,
  type RefundRejection,
  rejectRefund,
  type ShopOrderLedger,
} from './ledger.ts';
export { mergeBuyer } from './merge.ts';
export {
  MAX_STOCK,
  openShopRefund,
  type StockChange,
  setSkuStock,
  shipOrder,
  showOrder,
} from './order-admin.ts';
export { canTransition, ORDER_TRANSITIONS } from './order-state.ts';
export { type OrderRoutesOptions, orderRoutes } from './orders.routes.ts';
export { type CourseSales, courseSalesRanking, paidOrdersPerDay, paidOrderTally } from './sales-figures.ts';
export {
  type CategorySeed,
  type DemoCatalogue,
  type DemoPictures,
  type LessonTitlesOf,
  type ProductSeed,
  type SkuSeed,
  seedShop,
} from './seed.ts';
export { parseShopConfig, SHOP_SETTINGS, type ShopConfig } from './settings.ts';
export { cancelExpiredOrders } from './sweeper.ts';
