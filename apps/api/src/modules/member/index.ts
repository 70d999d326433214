/**
 * The member module's public entry: accounts (the `users` table) and VIP status. Routes (login,
 * profile) join here as the module grows.
 */
export { users } from './schema.ts';
export { DEMO_ACCOUNT, seedMembers } from './seed.ts';
