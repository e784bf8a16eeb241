# Sourced by scripts/install and scripts/bench-startup: the binary scripts/install installs.

# build_installed_binary: builds touchlight in release mode with the Swift runtime linked in and
# without SwiftPM's $ORIGIN RUNPATH (lintian refuses it), and prints its path. Progress goes to
# standard error.
build_installed_binary() {
  swift build -c release --static-swift-stdlib --disable-local-rpath --product touchlight --scratch-path .build/static >&2 || return 1
  echo "$PWD/.build/static/release/touchlight"
}
