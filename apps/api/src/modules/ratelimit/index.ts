/**
 * The rate-limit counters' public entry: the @fastify/rate-limit store over memory or the shared
 * `rate_limit_counters` table. plugins/rate-limit.ts wires it into the HTTP platform.
 */
export { rateLimitCounters } from './schema.ts';
export {
  type CounterBackend,
  databaseCounters,
  memoryCounters,
  type RateLimitStoreDeps,
  rateLimitStore,
} from './store.ts';
