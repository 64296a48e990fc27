#!/usr/bin/env bash
# zeta vs ABC (berkeley-abc) on the HWMCC tasks, same tasks and same limit
# in one run. ABC reads the binary AIGER made by bench/aag2aig.py with
# `&r` (AIGER 1.9: a latch reset to itself starts with any value) and runs
# two configurations:
#   pdr:    &r FILE; &put; pdr -T LIMIT
#   dprove: &r FILE; &put; dprove -T LIMIT   (its -T bounds only the final
#           PDR stage, so timeout(1) enforces LIMIT on the whole run)
# Plain `read FILE` would start uninitialized latches at 0 (see README.md).
# zeta runs with --timeout LIMIT, ABC under timeout LIMIT; a run killed at
# the limit is UNKNOWN. Prints one row per task (verdicts, CPU seconds =
# user+sys, children included), then per ABC configuration: solved, wrong
# (against the .yml verdict), and the median CPU-time ratio zeta/ABC on the
# tasks both solve (CPU, since wall-clock time on a shared machine depends
# on the load).
# Usage: bench/hw_vs_abc.sh [ZETA] [LIMIT] [ZETA OPTIONS...]
#   env: SHARED (default ../shared), TASKS (a glob within hwmcc/),
#        PEERS (default "pdr dprove"; empty: zeta only), OUT (keep the
#        table and logs in this folder)
set -u
ZETA=${1:-build/zeta}; LIMIT=${2:-60}; shift 2 2>/dev/null; ZOPTS=("$@")
SHARED=${SHARED:-../shared}
PEERS=${PEERS-pdr dprove}
dir="$SHARED/benchmarks/hwmcc"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -n "$PEERS" ] && ! command -v berkeley-abc >/dev/null && { echo "berkeley-abc is not installed"; exit 2; }
bench=$(dirname "$0")
cpu() { tail -1 "$1" | awk '{printf "%.2f", $1 + $2}'; }
abc_verdict() {  # ABC output on stdin -> SAFE / UNSAFE / UNKNOWN
  local out; out=$(cat)
  if grep -q 'was asserted in frame\|Networks are not equivalent\|NOT EQUIVALENT' <<<"$out"; then echo UNSAFE
  elif grep -q 'Property proved\|Networks are equivalent' <<<"$out"; then echo SAFE
  else echo UNKNOWN; fi
}
declare -A solved wrong
row=$(printf '%-46s %-7s %-8s %7s' task expected zeta zeta_cpu)
for p in $PEERS; do row+=$(printf ' %-8s %7s' "$p" "${p}_cpu"); done
echo "$row"
for yml in "$dir"/${TASKS:-*}.yml; do
  task=$(basename "$yml" .yml); aag="$dir/$task.aag"
  exp=$(sed -n 's/.*expected_verdict: *\([a-z]*\).*/\1/p' "$yml" | head -1)
  want=SAFE; [ "$exp" = false ] && want=UNSAFE
  /usr/bin/time -f '%U %S' -o "$tmp/zc" timeout $((LIMIT + 10)) "$ZETA" --timeout "$LIMIT" "${ZOPTS[@]}" "$aag" \
    >"$tmp/zo" 2>"$tmp/ze"
  z=$(head -1 "$tmp/zo")
  case "$z" in SAFE|UNSAFE) ;; *) z=UNKNOWN ;; esac
  declare -A v=([zeta]=$z) c=([zeta]=$(cpu "$tmp/zc"))
  python3 "$bench/aag2aig.py" "$aag" "$tmp/t.aig"
  for p in $PEERS; do
    /usr/bin/time -f '%U %S' -o "$tmp/ac" timeout "$LIMIT" berkeley-abc -c "&r $tmp/t.aig; &put; $p -T $LIMIT" \
      >"$tmp/ao" 2>&1
    v[$p]=$(abc_verdict <"$tmp/ao"); c[$p]=$(cpu "$tmp/ac")
    [ -n "${OUT:-}" ] && { mkdir -p "$OUT/logs"; cp "$tmp/ao" "$OUT/logs/$task.$p.txt"; }
  done
  [ -n "${OUT:-}" ] && { mkdir -p "$OUT/logs"; cp "$tmp/zo" "$OUT/logs/$task.zeta.txt"; cp "$tmp/ze" "$OUT/logs/$task.zeta.err"; }
  row=$(printf '%-46s %-7s %-8s %7s' "$task" "$want" "$z" "${c[zeta]}")
  for p in $PEERS; do row+=$(printf ' %-8s %7s' "${v[$p]}" "${c[$p]}"); done
  echo "$row"
  for t in zeta $PEERS; do
    [ "${v[$t]}" = UNKNOWN ] && continue
    solved[$t]=$((${solved[$t]:-0} + 1))
    [ "${v[$t]}" != "$want" ] && wrong[$t]=$((${wrong[$t]:-0} + 1))
  done
  for p in $PEERS; do
    [ "$z" != UNKNOWN ] && [ "${v[$p]}" != UNKNOWN ] &&
      echo "$(echo "scale=4; (${c[zeta]} + 0.01) / (${c[$p]} + 0.01)" | bc)" >>"$tmp/ratio.$p"
  done
  unset v c
done
echo "limit ${LIMIT}s per task; solved (wrong):"
for t in zeta $PEERS; do echo "  $t: ${solved[$t]:-0} (${wrong[$t]:-0})"; done
for p in $PEERS; do
  if [ -s "$tmp/ratio.$p" ]; then
    sort -n "$tmp/ratio.$p" | awk -v p="$p" '{a[NR]=$1} END {
      m = NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2
      printf "  CPU ratio zeta/%s on %d tasks both solve: median %.2f (min %.2f, max %.2f)\n", p, NR, m, a[1], a[NR]}'
  else echo "  CPU ratio zeta/$p: no task both solve"; fi
done
