/**
 * The console's shop limits and word lists without TypeBox: the console's order and catalogue pages
 * import them from here (its bundle takes no schema module), and admin-shop.ts builds its schemas
 * from the same constants, so a form never accepts what the API would refuse.
 */
import { ORDER_TOTAL_MAX } from './shop-labels.ts';

/** Common carriers the console offers when shipping (the buyer reads the name beside the number). */
export const SHIP_CARRIERS = [
  '顺丰速运',
  '中通快递',
  '圆通速递',
  '申通快递',
  '韵达快递',
  '极兔速递',
  '京东物流',
  '邮政快递包裹',
  'EMS',
  '德邦快递',
] as const;

/** A carrier of {@link SHIP_CARRIERS}. */
export type ShipCarrier = (typeof SHIP_CARRIERS)[number];

/** A tracking number: 6–40 letters, digits or '-' (every carrier above fits). */
export const TRACKING_NO_PATTERN = '^[A-Za-z0-9-]{6,40}$';

/** Longest product title, subtitle and SKU title, in characters. */
export const PRODUCT_TITLE_MAX = 60;
export const PRODUCT_SUBTITLE_MAX = 120;
export const SKU_TITLE_MAX = 40;

/** Most gallery images of a product. */
export const PRODUCT_IMAGES_MAX = 9;

/**
 * Highest price of one piece, in 分: the most one order may cost (500,000 元, far above anything the
 * shop sells), so a SKU the console accepts can always be bought once.
 */
export const SKU_PRICE_MAX = ORDER_TOTAL_MAX;

/** Most pieces of one SKU in stock (the shop's `MAX_STOCK`). */
export const SKU_STOCK_MAX = 100_000;
