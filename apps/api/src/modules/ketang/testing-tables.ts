/**
 * The ketang module's tables, for tests that check the database; production code calls the module's
 * functions (index.ts), which keep the rules of its rows in one place.
 */
export * from './schema.ts';
