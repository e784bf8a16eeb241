# Sourced by scripts/install: where an install's files go, and which of the paths an install
# manifest names --uninstall may remove.

# The GNOME Shell extension's UUID: its folder's name.
gnome_extension_uuid=touchlight@touchlight.dev

# install_places PREFIX: sets scope, unit_dir, wants_dir, autostart_dir, extension_dir, and
# chooser_dir and chooser_wants (where the units that keep the extension's variant go, and the
# folders of the links that enable them; see dist/touchlight-gnome-extension.service.in). A user's own install
# (a prefix under the home folder, or, for anyone but root, a prefix the user can write: its
# nearest existing folder is writable) starts with that user's session, wherever the prefix
# is; anything else (root, or a prefix that needs sudo) is system-wide.
install_places() {
  local prefix=$1 nearest=$1 config_home=${XDG_CONFIG_HOME:-$HOME/.config}
  while [ ! -e "$nearest" ]; do nearest=$(dirname "$nearest"); done
  case "$prefix/" in
    "$HOME"/*) scope=user ;;
    *) if [ "$(id -u)" -ne 0 ] && [ -w "$nearest" ]; then scope=user; else scope=system; fi ;;
  esac
  if [ $scope = user ]; then
    # The user's systemd finds units under the home folder only: a prefix elsewhere puts its
    # unit in the user's data folder.
    case "$prefix/" in
      "$HOME"/*) unit_dir=$prefix/share/systemd/user ;;
      *) unit_dir=${XDG_DATA_HOME:-$HOME/.local/share}/systemd/user ;;
    esac
    wants_dir=$config_home/systemd/user/graphical-session.target.wants
    autostart_dir=$config_home/autostart
    # GNOME Shell looks for a user's extensions in the user's data folder alone.
    extension_dir=${XDG_DATA_HOME:-$HOME/.local/share}/gnome-shell/extensions/$gnome_extension_uuid
    # At each login, before GNOME Shell starts.
    chooser_dir=$unit_dir chooser_wants=("$config_home/systemd/user/gnome-session-pre.target.wants")
  else
    unit_dir=$prefix/lib/systemd/user
    wants_dir=/etc/systemd/user/graphical-session.target.wants
    autostart_dir=/etc/xdg/autostart
    extension_dir=$prefix/share/gnome-shell/extensions/$gnome_extension_uuid
    # As root (the user cannot change a system-wide extension): at boot, and when gnome-shell changes.
    chooser_dir=$prefix/lib/systemd/system chooser_wants=(/etc/systemd/system/graphical.target.wants /etc/systemd/system/paths.target.wants)
  fi
}

# resolved PATH: PATH with every folder on the way resolved (symlinked folders, `..`), the last
# component kept as it is (removing a symlink removes the link, never what it points to).
resolved() {
  printf '%s/%s\n' "$(realpath -m -- "$(dirname -- "$1")")" "$(basename -- "$1")"
}

# removable KIND PATH: whether --uninstall may remove PATH, which a manifest names. Only paths
# inside the prefix once resolved (and the prefix itself, as a folder the install made), and
# the few places outside it that the install itself chose
# (the unit, its enabling link, the autostart entry, the udev rule, the GNOME Shell extension's
# folder, the units that keep its variant and their links, and for folders the ones above them that it may have made) are; anything else is refused, whatever the manifest says.
# Needs install_places to have run, and prefix and udev_rule set.
removable() {
  local kind=$1 path=$2 real_prefix outside chosen
  case "$path" in /*) ;; *) return 1 ;; esac
  case "/$path/" in */../*|*/./*) return 1 ;; esac
  real_prefix=$(realpath -m -- "$prefix")
  path=$(resolved "$path")
  case "$path" in "$real_prefix"/*) return 0 ;; esac
  # The prefix itself, when the install made it (the manifest names it as a folder).
  [ "$kind" = d ] && [ "$path" = "$real_prefix" ] && return 0
  # The extension's folder and what is in it (it is named by the extension's UUID).
  case "$path" in "$(resolved "$extension_dir")"|"$(resolved "$extension_dir")"/*) return 0 ;; esac
  outside=("$unit_dir/touchlight.service" "$wants_dir/touchlight.service" "$autostart_dir/touchlight.desktop" "$udev_rule" "$extension_dir/metadata.json"
           "$chooser_dir/touchlight-gnome-extension.service" "$chooser_dir/touchlight-gnome-extension.path"
           "${chooser_wants[0]}/touchlight-gnome-extension.service" "${chooser_wants[1]:-${chooser_wants[0]}}/touchlight-gnome-extension.path")
  for chosen in "${outside[@]}"; do
    chosen=$(resolved "$chosen")
    [ "$kind" = f ] && [ "$path" = "$chosen" ] && return 0
    if [ "$kind" = d ]; then
      # A folder above a chosen file, but never the root or the home folder itself.
      case "$chosen" in "$path"/*) [ "$path" != / ] && [ "$path" != "$(realpath -m -- "$HOME")" ] && return 0 ;; esac
    fi
  done
  return 1
}
