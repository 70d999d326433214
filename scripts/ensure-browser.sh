#!/usr/bin/env bash
# Installs what the e2e tests need from Debian when it is missing: Chromium's headless shell
# (Playwright's own browser download is blocked here, so playwright-core drives
# /usr/bin/chromium-headless-shell; scripts/chromium.ts says why the shell) and the Noto CJK fonts
# (without them every Chinese glyph renders as a box). With --full, the whole browser as well
# (/usr/bin/chromium), which the benchmarks measure with. Idempotent and silent when all is present, so
# the e2e global setup (e2e/global-setup.ts) can call it on every run.
#
#   ensure-browser.sh [--full]
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

browsers=(/usr/bin/chromium-headless-shell)
[ "${1:-}" = --full ] && browsers+=(/usr/bin/chromium)

need=()
for browser in "${browsers[@]}"; do
  [ -x "$browser" ] || need+=("$(basename "$browser")")
done
# fc-list comes from the fontconfig package, which Chromium's libraries do not pull in; without it the
# font check below could never pass and every run would reinstall.
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
# Read the list first: `fc-list | grep -q` under pipefail fails at random, when grep exits early and
# fc-list dies of SIGPIPE.
has_cjk_font() { local fonts; fonts=$(fc-list 2>/dev/null || true); grep -qi "Noto Sans CJK" <<<"$fonts"; }
has_cjk_font || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0

# shellcheck source=scripts/apt-install.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
apt_as_root ensure-browser "${need[@]}"
apt_install "${need[@]}"
# So that the very next Chromium start sees the new fonts.
refresh_font_cache

for browser in "${browsers[@]}"; do
  [ -x "$browser" ] || { echo "ensure-browser: $browser still missing" >&2; exit 1; }
done
has_cjk_font || { echo "ensure-browser: Noto Sans CJK still missing" >&2; exit 1; }
