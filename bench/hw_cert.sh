#!/usr/bin/env bash
# Certificates of zeta's default AIGER portfolio on the HWMCC tasks: per
# task the verdict, the winning engine (and k for k-induction), the
# certificate line (--certify: a witness circuit checked by zeta before it
# is written with --witness-file), the certification time (certify-time:
# witness construction and check) against the total time, CPU seconds.
# With RECHECK=1 the written witness circuit is checked once more outside
# the certifier: kind-bit on the unreduced witness must prove its property
# with k = 1 (it is 1-inductive).
# Usage: bench/hw_cert.sh [ZETA] [LIMIT]   env: SHARED (../shared), TASKS (glob)
set -u
ZETA=${1:-build/zeta}; LIMIT=${2:-60}
SHARED=${SHARED:-../shared}
dir="$SHARED/benchmarks/hwmcc"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' task verdict engine k certificate certify-s total-s cpu-s recheck
printf '|---|---|---|---|---|---|---|---|---|\n'
nsafe=0; ncert=0
for yml in "$dir"/${TASKS:-*}.yml; do
  task=$(basename "$yml" .yml)
  rm -f "$tmp/w.aag"
  /usr/bin/time -f '%U %S' -o "$tmp/c" timeout $((LIMIT + 15)) "$ZETA" --certify --stats --timeout "$LIMIT" \
    --witness-file "$tmp/w.aag" "$dir/$task.aag" >"$tmp/o" 2>/dev/null
  st() { sed -n "s/^$1: //p" "$tmp/o" | head -1; }
  v=$(head -1 "$tmp/o" | cut -d' ' -f1)
  c=$(grep -E '^(certified|certificate):' "$tmp/o" | head -1)
  rc=-
  if [ "$v" = SAFE ]; then
    nsafe=$((nsafe + 1))
    case "$c" in "certified: witness circuit"*) ncert=$((ncert + 1)) ;; esac
    if [ "${RECHECK:-0}" = 1 ] && head -1 "$tmp/w.aag" 2>/dev/null | grep -q '^aag'; then
      ZETA_HW_PORTFOLIO=kind-bit timeout 60 "$ZETA" --no-reduce --stats --timeout 30 "$tmp/w.aag" >"$tmp/r" 2>/dev/null
      if head -1 "$tmp/r" | grep -q '^SAFE' && grep -q '^k: 1$' "$tmp/r"; then rc=1-inductive; else rc="no ($(head -1 "$tmp/r"))"; fi
    fi
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s | %.2f | %s |\n' "${task#split-}" "${v:-none}" "$(st portfolio-winner)" "$(st k)" \
    "${c:--}" "$(st certify-time)" "$(st time)" "$(tail -1 "$tmp/c" | awk '{print $1 + $2}')" "$rc"
done
echo
echo "limit ${LIMIT}s per task; SAFE: $nsafe, with a checked witness circuit: $ncert"
