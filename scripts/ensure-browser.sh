#!/usr/bin/env bash
# Installs what the e2e tests need from Debian when it is missing: Chromium (Playwright's own browser
# download is blocked here, so playwright-core drives /usr/bin/chromium) and the Noto CJK fonts
# (without them every Chinese glyph renders as a box). Idempotent and silent when all is present, so
# the e2e global setup (e2e/global-setup.ts) can call it on every run.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
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

[ -x /usr/bin/chromium ] || { echo "ensure-browser: /usr/bin/chromium still missing" >&2; exit 1; }
has_cjk_font || { echo "ensure-browser: Noto Sans CJK still missing" >&2; exit 1; }
