/**
 * The rate-limit counters' public entry: the @fastify/rate-limit store over memory or the shared
 * `rate_limit_windows` table, every budget a sliding window. plugins/rate-limit.ts wires it into the
 * HTTP platform.
 */
export {
  DEFAULT_RATE_BUDGETS,
  parseRateLimitConfig,
  RATE_LIMIT_SETTINGS,
  type RateBudget,
  type RateBudgetName,
  type RateLimitConfig,
} from './settings.ts';
export { SLOTS, slotLength, type WindowAnswer } from './sliding-window.ts';
export {
  type CounterBackend,
  databaseCounters,
  memoryCounters,
  type RateLimitStoreDeps,
  rateLimitStore,
} from './store.ts';
