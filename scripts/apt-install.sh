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

# Installs `packages` without their recommends, after `apt_as_root`. `npm test` installs several things
# at once (scripts/test-prepare.sh), and apt takes its locks without waiting for each other: our own
# runs queue behind one lock file of ours (flock), and another apt run (a colleague's, unattended
# upgrades) is waited for — dpkg's lock through apt's own timeout, the package lists' lock (which that
# timeout does not cover: `apt-get update` fails at once) by trying again. The lists are updated on each
# install: a fresh machine has none, and stale lists give 404s.
apt_install() {
  apt_get update -qq || return
  apt_get install -y -qq --no-install-recommends "$@"
}

# `apt-get …args` as root, one of ours at a time, waiting (up to ten minutes) for a lock held elsewhere.
apt_get() {
  local apt_opts=(-o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
  local said attempt
  for attempt in $(seq 60); do
    if said=$("${sudo_cmd[@]}" flock -w 1800 /var/lock/xuanli-apt.lock apt-get "${apt_opts[@]}" "$@" 2>&1); then
      [ -n "$said" ] && printf '%s\n' "$said" >&2
      return 0
    fi
    if ! grep -q 'Could not get lock' <<<"$said" || [ "$attempt" -eq 60 ]; then
      printf '%s\n' "$said" >&2
      return 1
    fi
    sleep 10
  done
}

# fontconfig caches font lists; refresh them so the very next program sees the fonts just installed.
refresh_font_cache() {
  if command -v fc-cache >/dev/null 2>&1; then
    fc-cache -f >/dev/null 2>&1 || true
  fi
}
