#!/usr/bin/env bash
# Runs zeta on the bundled examples and shows the verdicts.
zeta=${1:-build/zeta}
cd "$(dirname "$0")"
for f in *.*; do
  case "$f" in demo.sh|*.expected) continue;; esac
  printf '%-28s ' "$f"
  "../$zeta" "$f" 2>&1 | head -n 1
done
