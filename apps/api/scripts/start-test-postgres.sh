#!/usr/bin/env bash
# Starts a throw-away PostgreSQL for the API's database tests and prints its URL on stdout:
#   TEST_DATABASE_URL=$(bash apps/api/scripts/start-test-postgres.sh) npm test
# Idempotent: installs, initialises, starts and creates only what is missing. Needs root (apt-get and
# `su postgres`); apt never starts services on this machine, so pg_ctl does.
# Progress goes to stderr so that stdout is only the URL. With --stop it stops that server instead
# (the test script does so when it was the one that started it).
set -euo pipefail

PORT="${PGPORT_TEST:-55432}"
DB="${PGDATABASE_TEST:-xuanli_test}"
DATA="${PGDATA_TEST:-/tmp/xuanli-test-pg}"
log() { echo "start-test-postgres: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
  log "must run as root (installs postgresql and runs it as the postgres user)"
  exit 1
fi

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

if [ -z "$(bindir)" ]; then
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck source=scripts/apt-install.sh
  source "$(dirname "${BASH_SOURCE[0]}")/../../../scripts/apt-install.sh"
  apt_as_root start-test-postgres postgresql
  apt_install postgresql
fi
BIN="$(bindir)"
as_postgres() { su postgres -s /bin/sh -c "$*"; }

if [ "${1:-}" = "--stop" ]; then
  if as_postgres "'$BIN/pg_ctl' -D '$DATA' status" >/dev/null 2>&1; then
    log "stopping"
    as_postgres "'$BIN/pg_ctl' -D '$DATA' -m fast -w stop" >&2
  fi
  exit 0
fi

make_data_folder() {
  log "initdb $DATA"
  mkdir -p "$DATA"
  chown postgres:postgres "$DATA"
  as_postgres "'$BIN/initdb' -D '$DATA' -U postgres -A trust -E UTF8 --no-locale" >&2
}
[ -f "$DATA/PG_VERSION" ] || make_data_folder

# Every test database is a copy of a template made for one run and dropped after it, so nothing here
# needs to outlive a crash: without the flushes to disk (fsync, synchronous_commit, full_page_writes) the
# hundreds of CREATE DATABASE … TEMPLATE and commits of a run wait on no disk. A data folder a crash left
# damaged is made again.
SETTINGS="-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
if ! as_postgres "'$BIN/pg_ctl' -D '$DATA' status" >/dev/null 2>&1; then
  log "starting on 127.0.0.1:$PORT"
  start() { as_postgres "'$BIN/pg_ctl' -D '$DATA' -l '$DATA/server.log' -o \"$SETTINGS\" -w start" >&2; }
  if ! start; then
    log "the data folder does not start; making it again"
    rm -rf "$DATA"
    make_data_folder
    start
  fi
fi

if ! as_postgres "'$BIN/psql' -h 127.0.0.1 -p $PORT -U postgres -tAc \"select 1 from pg_database where datname = '$DB'\"" | grep -q 1; then
  log "createdb $DB"
  as_postgres "'$BIN/createdb' -h 127.0.0.1 -p $PORT -U postgres '$DB'" >&2
fi

echo "postgres://postgres@127.0.0.1:$PORT/$DB"
