-- Rate-limit windows are rewritten on every request: an UNLOGGED table skips the WAL flush each
-- upsert would otherwise wait for. After a crash the table is emptied, which only gives every client
-- a fresh window (modules/ratelimit/schema.ts).
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
