#!/usr/bin/env bash
# The include graph follows docs/ARCHITECTURE.md: each layer includes only
# itself and the layers below it; a language room includes only its own
# folder and the shared files of src/lang/; the command line includes only
# the public header (and its own files).
set -u
cd "$(dirname "$0")/../.."
allowed() {  # layer -> allowed include prefixes
  case $1 in
    cli) echo "cli zeta" ;;
    api) echo "api lang core zeta" ;;
    lang) echo "lang engine analysis cert ir solver core zeta" ;;
    cert) echo "cert ir solver core zeta" ;;
    engine) echo "engine analysis ir solver core zeta" ;;
    analysis) echo "analysis ir solver core zeta" ;;
    ir) echo "ir solver core zeta" ;;
    solver) echo "solver core zeta" ;;
    core) echo "core zeta" ;;
  esac
}
bad=0
for f in $(find src -name '*.[ch]' | sort); do
  layer=$(echo "$f" | cut -d/ -f2)
  room=""; [ "$layer" = lang ] && [ "$(echo "$f" | tr -cd / | wc -c)" -ge 3 ] && room=$(echo "$f" | cut -d/ -f3)
  while read -r inc; do
    top=${inc%%/*}
    ok=0
    for a in $(allowed "$layer"); do [ "$top" = "$a" ] && ok=1; done
    # a room may use its own folder and the shared lang/*.h, not another room
    if [ $ok = 1 ] && [ "$top" = lang ] && [ "$(echo "$inc" | tr -cd / | wc -c)" -ge 2 ]; then
      [ "$(echo "$inc" | cut -d/ -f2)" = "$room" ] || ok=0
    fi
    if [ $ok = 0 ]; then echo "layers: $f includes \"$inc\""; bad=1; fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
done
if [ $bad = 0 ]; then echo "PASS layers/include-graph"; else echo "FAIL layers/include-graph"; fi

# libclang is opened only when a C file is read (src/lang/c/c_libclang.c):
# linked into the binary it cost every run ~50 ms of start-up
if ! command -v ldd >/dev/null; then echo "PASS layers/no-libclang-link (no ldd)"
elif ldd "$ZETA" | grep -q libclang; then echo "FAIL layers/no-libclang-link"; else echo "PASS layers/no-libclang-link"; fi
if grep -rln --include='*.c' '#include <clang-c/' src | grep -v 'c_libclang' | grep -q .; then
  echo "FAIL layers/libclang-through-loader: $(grep -rln --include='*.c' '#include <clang-c/' src | grep -v c_libclang)"
else echo "PASS layers/libclang-through-loader"; fi
