#!/usr/bin/env bash
# What `npm test` needs beyond Node, made ready beside its first suites: scripts/test.mjs starts this at
# once and waits for each part only where a suite needs it. On a fresh machine the installs and the
# demo videos take minutes that the unit suites would otherwise wait through.
#
#   test-prepare.sh <folder> [postgres]
#
# - `postgres`: PostgreSQL installed and started for the API suite's second pass
#   (apps/api/scripts/start-test-postgres.sh; its URL in postgres.url, what it said in postgres.log);
# - the classroom's demo videos for the e2e suite, made at a lower priority (ketang-media.log);
# - Chromium and the CJK fonts for the e2e suite, nginx and PgBouncer for the cluster check
#   (packages.log). The e2e setup and the cluster check call the same scripts again, which then find
#   everything in place.
#
# Each part writes `<part>.status` into the folder, its exit status, when it is done. apt runs one
# install at a time; each waits for the lock.
set -uo pipefail

out=$1
root=$(cd "$(dirname "$0")/.." && pwd)

# Written whole (a reader polls for the file and must never find it empty).
finished() { echo "$2" >"$out/$1.status.tmp" && mv "$out/$1.status.tmp" "$out/$1.status"; }

if [ "${2:-}" = postgres ]; then
  bash "$root/apps/api/scripts/start-test-postgres.sh" >"$out/postgres.url" 2>"$out/postgres.log"
  finished postgres $?
fi

media=
if [ -f "$root/e2e/playwright.config.ts" ]; then
  (
    nice -n 10 node --input-type=module -e "
      import { ensureKetangMedia } from '$root/scripts/web-build.ts';
      ensureKetangMedia('$root', { required: true });" >"$out/ketang-media.log" 2>&1
    finished media $?
  ) &
  media=$!
fi

{
  bash "$root/scripts/ensure-browser.sh" && bash "$root/scripts/cluster/ensure-packages.sh"
} >"$out/packages.log" 2>&1
finished packages $?

[ -n "$media" ] && wait "$media"
exit 0
