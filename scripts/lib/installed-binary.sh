# Sourced by scripts/install and scripts/bench-startup: the binary scripts/install installs.

# build_installed_binary: builds touchlight in release mode with the Swift runtime linked in,
# without SwiftPM's $ORIGIN RUNPATH (lintian refuses it), and linked by lld with packed relative
# relocations (DT_RELR, glibc ≥ 2.36): the 81,000 pointers a position-independent binary fixes
# at start take 37 KB instead of 1.9 MB, which start-up no longer reads page by page. The
# program imports FoundationEssentials only; TOMLKit's `import struct Foundation.Data` would
# still link all of Foundation, CoreFoundation and ICU (48 MB, 2 MiB more resident), so their
# autolinking is turned off: a use of them that crept back in fails the link. Prints the
# binary's path; progress goes to standard error.
build_installed_binary() {
  local unlinked=()
  for library in Foundation CoreFoundation FoundationInternationalization _FoundationICU; do
    unlinked+=(-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc "$library")
  done
  swift build -c release --static-swift-stdlib --disable-local-rpath --product touchlight --scratch-path .build/static \
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs "${unlinked[@]}" >&2 || return 1
  echo "$PWD/.build/static/release/touchlight"
}
