# Sourced by scripts/install and scripts/bench-startup: the binary scripts/install installs.

# build_installed_binary: builds touchlight in release mode with the Swift runtime linked in,
# without SwiftPM's $ORIGIN RUNPATH (lintian refuses it), and linked by lld with packed relative
# relocations (DT_RELR, glibc ≥ 2.36): the 81,000 pointers a position-independent binary fixes
# at start take 37 KB instead of 1.9 MB, which start-up no longer reads page by page. Prints the
# binary's path; progress goes to standard error.
build_installed_binary() {
  swift build -c release --static-swift-stdlib --disable-local-rpath --product touchlight --scratch-path .build/static \
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs >&2 || return 1
  echo "$PWD/.build/static/release/touchlight"
}
