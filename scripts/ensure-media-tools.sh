#!/usr/bin/env bash
# Installs what the classroom's demo media generator needs from Debian when it is missing: ffmpeg (and
# its ffprobe) to encode the lesson videos, espeak-ng with its Mandarin voice (`-v cmn`) to narrate
# them, and the Noto CJK fonts the slides are drawn with (sharp renders their SVG through fontconfig;
# without the fonts every Chinese glyph would be a box). Idempotent and silent when all is present, so
# the build can call it whenever it has media to make.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
# Read the list first: `fc-list | grep -q` under pipefail fails at random (SIGPIPE), see ensure-browser.sh.
has_cjk_font() { local fonts; fonts=$(fc-list 2>/dev/null || true); grep -qi "Noto Sans CJK" <<<"$fonts"; }
has_cjk_font || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0
# ffmpeg may be listed twice (ffmpeg and ffprobe both missing).
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)

# shellcheck source=scripts/apt-install.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
apt_as_root ensure-media-tools "${need[@]}"
apt_install "${need[@]}"
refresh_font_cache

for tool in ffmpeg ffprobe espeak-ng; do
  command -v "$tool" >/dev/null 2>&1 || { echo "ensure-media-tools: $tool still missing" >&2; exit 1; }
done
has_cjk_font || { echo "ensure-media-tools: Noto Sans CJK still missing" >&2; exit 1; }
# The Mandarin voice ships inside espeak-ng-data; refuse a build without it rather than narrate in English.
espeak-ng --voices=cmn 2>/dev/null | grep -q cmn || { echo "ensure-media-tools: espeak-ng has no cmn voice" >&2; exit 1; }
