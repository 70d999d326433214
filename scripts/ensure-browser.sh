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

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo -E)
  else
    echo "ensure-browser: need root to install ${need[*]} (try: sudo $0)" >&2
    exit 1
  fi
else
  sudo_cmd=()
fi

echo "ensure-browser: installing ${need[*]}" >&2
# Another apt run (a colleague's, or unattended upgrades) may hold the lock; wait for it instead of failing.
apt_opts=(-o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
# Update once per run: a fresh machine has no package lists, and stale lists give 404s.
"${sudo_cmd[@]}" apt-get "${apt_opts[@]}" update -qq >&2
"${sudo_cmd[@]}" apt-get "${apt_opts[@]}" install -y -qq --no-install-recommends "${need[@]}" >&2

# fontconfig caches font lists; refresh so the very next Chromium start sees the new fonts.
if command -v fc-cache >/dev/null 2>&1; then
  fc-cache -f >/dev/null 2>&1 || true
fi

[ -x /usr/bin/chromium ] || { echo "ensure-browser: /usr/bin/chromium still missing" >&2; exit 1; }
has_cjk_font || { echo "ensure-browser: Noto Sans CJK still missing" >&2; exit 1; }
