/**
 * The shop's settings, declared and validated here and gathered by config.ts at start-up.
 */

import { Type } from 'typebox';
import { integerSetting, readNamedSettings } from '../../shared/settings.ts';

/**
 * The shop's limits on unpaid orders, which hold stock for their 15 minutes: without them one buyer
 * could hold all of a SKU with a few requests and buy none of it. Checked when an order is made; 0
 * turns a limit off (the benchmarks' single buyer, who orders thousands of times).
 */
export interface ShopConfig {
  /** SHOP_MAX_UNPAID_ORDERS: orders one buyer may have waiting for payment at once (default 5). */
  maxUnpaidOrders: number;
  /**
   * SHOP_MAX_UNPAID_UNITS_PER_SKU: pieces of one SKU one buyer may hold across their unpaid orders
   * (default 20).
   */
  maxUnpaidUnitsPerSku: number;
}

/** The shop's variables: their ranges and defaults. */
export const SHOP_SETTINGS = Type.Object({
  SHOP_MAX_UNPAID_ORDERS: integerSetting(0, 1_000_000, 5),
  SHOP_MAX_UNPAID_UNITS_PER_SKU: integerSetting(0, 100_000_000, 20),
});

/** The shop's settings from the environment (see {@link ShopConfig}). */
export function parseShopConfig(env: NodeJS.ProcessEnv): ShopConfig {
  return readNamedSettings(SHOP_SETTINGS, env, {
    maxUnpaidOrders: 'SHOP_MAX_UNPAID_ORDERS',
    maxUnpaidUnitsPerSku: 'SHOP_MAX_UNPAID_UNITS_PER_SKU',
  });
}
