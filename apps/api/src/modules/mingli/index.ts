/**
 * The mingli module's public entry: each account's case book (命例) — saved birth profiles with their
 * chart options, group, note and dated events, searched, exported and imported — erased with the
 * account, moved to the surviving account when two accounts merge. A module of its own rather than
 * part of modules/bazi: the bazi module computes charts from whatever birth it is given and keeps only
 * the account's one 定制 profile, while the case book is a member's growing collection of other
 * people's records (at most 500), with its own limits, search and file format; it needs nothing of
 * the bazi module but the engine's birth check.
 */

export { eraseCaseBook, mergeCaseBook } from './profiles.ts';
export { type MingliRouteDeps, mingliRoutes } from './routes.ts';
