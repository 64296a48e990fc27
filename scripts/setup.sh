#!/usr/bin/env bash
# Installs the Debian packages zeta needs when they are missing.
# Used by `make`, `make check` and `.ci/run`, so a fresh Debian 12 machine
# needs nothing but this repository.
set -eu
pkgs="gcc make pkgconf clang libclang-rt-14-dev valgrind libz3-dev z3 cvc5 libcadical-dev libgmp-dev libglpk-dev libexpat1-dev libbdd-dev
      libyaml-dev libcjson-dev python3 python3-yaml python3-matplotlib"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "setup: installing$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq $missing >&2
