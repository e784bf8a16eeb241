# Sourced by the benchmarks: a private headless sway (pixman, no input devices), run by the
# unprivileged test user when the caller is root (sway refuses root), as the tests run it.

# The user by number: a root filesystem (sway_enter) has no touchlight-test of its own.
sway_user=() sway_enter=()
if [ "$(id -u)" -eq 0 ]; then
  id touchlight-test >/dev/null 2>&1 || useradd --system --create-home --shell /usr/sbin/nologin touchlight-test
  sway_user=(setpriv --reuid="$(id -u touchlight-test)" --regid="$(id -g touchlight-test)" --clear-groups --)
fi

# start_headless_sway RUNTIME RESOLUTION SCALE: sway on one output, in the folder RUNTIME (its
# XDG_RUNTIME_DIR and HOME, made private here); sets sway_pid once its socket wayland-1 is there.
# With sway_enter set (scripts/lib/in-rootfs ROOT), the sway of that root filesystem.
start_headless_sway() {
  local runtime=$1
  chmod 700 "$runtime"
  if [ "$(id -u)" -eq 0 ]; then chown touchlight-test "$runtime"; fi
  printf 'output HEADLESS-1 resolution %s scale %s\n' "$2" "$3" > "$runtime/sway.conf"
  chmod 644 "$runtime/sway.conf"
  "${sway_enter[@]}" env -i PATH=/usr/bin:/bin HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 \
    WLR_RENDERER=pixman "${sway_user[@]}" sway -c "$runtime/sway.conf" >/dev/null 2>&1 &
  sway_pid=$!
  for _ in $(seq 1 100); do [ -S "$runtime/wayland-1" ] && break; sleep 0.1; done
  sleep 0.5
}
