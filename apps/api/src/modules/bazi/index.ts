/**
 * The bazi module's public entry: bzdata, miji and jxfen, and the reading texts it seeds.
 */
export { baziRoutes } from './routes.ts';
export { READING_SEED, seedReadings } from './seed-readings.ts';
