# Installing Debian packages for the ensure-*.sh scripts (sourced, not run): as root, or through sudo
# when there is one, and waiting for another apt run instead of failing.

# Sets `sudo_cmd` to what runs a command as root (nothing when we are root) and says what `who` is about
# to install; stops the script when neither root nor sudo can install `packages`.
apt_as_root() {
  local who=$1
  shift
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo_cmd=(sudo -E)
    else
      echo "$who: need root to install $* (try: sudo $0)" >&2
      exit 1
    fi
  else
    sudo_cmd=()
  fi
  echo "$who: installing $*" >&2
}

# Installs `packages` without their recommends, after `apt_as_root`. Another apt run (a colleague's, or
# unattended upgrades) may hold the lock: wait for it. The lists are updated once per run: a fresh
# machine has none, and stale lists give 404s.
apt_install() {
  local apt_opts=(-o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
  "${sudo_cmd[@]}" apt-get "${apt_opts[@]}" update -qq >&2
  "${sudo_cmd[@]}" apt-get "${apt_opts[@]}" install -y -qq --no-install-recommends "$@" >&2
}

# fontconfig caches font lists; refresh them so the very next program sees the fonts just installed.
refresh_font_cache() {
  if command -v fc-cache >/dev/null 2>&1; then
    fc-cache -f >/dev/null 2>&1 || true
  fi
}
