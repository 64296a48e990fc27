#!/usr/bin/env bash
# Installs what zeta needs when it is missing: Debian packages, and the
# pinned npm packages of scripts/npm-packages.txt into the project-local
# folder deps/ (solc-js for Solidity, the TLA+ tree-sitter grammar).
# Used by `make`, `make check` and `.ci/run`, so a fresh Debian 12 machine
# needs nothing but this repository.
set -eu
cd "$(dirname "$0")/.."
pkgs="gcc make pkgconf clang libclang-rt-14-dev libclang-dev valgrind libz3-dev z3 cvc5 libcadical-dev libgmp-dev
      libglpk-dev libexpat1-dev libbdd-dev libtree-sitter-dev libyaml-dev libcjson-dev nodejs npm python3 python3-yaml
      python3-matplotlib gcc-multilib libssl-dev"
missing=""
for p in $pkgs; do
  # nodejs may come from elsewhere with npm inside it: a working npm is enough
  case $p in npm|nodejs) command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1 && continue ;; esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing$missing" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq $missing >&2
fi

# npm packages, pinned: one "name@version" per line; installed without their
# install scripts (zeta uses their JavaScript or C sources, never a build of
# theirs). deps/.installed records what is there.
want=$(grep -v '^[[:space:]]*\(#\|$\)' scripts/npm-packages.txt | sort)
if [ -n "$want" ] && [ "$(cat deps/.installed 2>/dev/null)" != "$want" ]; then
  echo "setup: npm packages into deps/:" $want >&2
  mkdir -p deps
  [ -f deps/package.json ] || echo '{"name":"zeta-deps","private":true}' > deps/package.json
  # shellcheck disable=SC2086
  npm install --prefix deps --ignore-scripts --no-audit --no-fund --save-exact $want >&2
  printf '%s\n' "$want" > deps/.installed
fi
