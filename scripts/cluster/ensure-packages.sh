#!/usr/bin/env bash
# Installs from Debian what `npm run cluster` runs when it is missing: nginx (with its Brotli-static
# module, so the web build's .br files are sent as they are), PgBouncer and PostgreSQL (primary and
# streaming replica come from the same server binaries). Idempotent and silent when all is present.
# apt never starts services on this machine, and the cluster must not use Debian's default instances
# either: the packages' own services (nginx on :80, PostgreSQL's "main" cluster, pgbouncer on :6432)
# are left stopped; the cluster script starts its own processes on its own ports and folders.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

need=()
[ -x /usr/sbin/nginx ] || need+=(nginx)
ls /usr/lib/nginx/modules/ngx_http_brotli_static_module.so >/dev/null 2>&1 || need+=(libnginx-mod-http-brotli-static)
[ -x /usr/sbin/pgbouncer ] || need+=(pgbouncer)
ls -d /usr/lib/postgresql/*/bin/pg_basebackup >/dev/null 2>&1 || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0

# shellcheck source=scripts/apt-install.sh
source "$(dirname "${BASH_SOURCE[0]}")/../apt-install.sh"
apt_as_root ensure-packages "${need[@]}"
# policy-rc.d answering 101 keeps a machine with an init system from starting the packages' default
# services on install (they would take :80 and :6432); it is removed again afterwards.
policy=/usr/sbin/policy-rc.d
made_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
  "${sudo_cmd[@]}" chmod 755 "$policy"
  made_policy=1
fi
cleanup() { if [ "$made_policy" = 1 ]; then "${sudo_cmd[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT
apt_install "${need[@]}"

[ -x /usr/sbin/nginx ] || { echo "ensure-packages: /usr/sbin/nginx still missing" >&2; exit 1; }
[ -x /usr/sbin/pgbouncer ] || { echo "ensure-packages: /usr/sbin/pgbouncer still missing" >&2; exit 1; }
