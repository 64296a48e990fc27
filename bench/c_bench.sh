#!/usr/bin/env bash
# The C tasks of $SHARED/benchmarks/c (SV-COMP unreach-call): per category
# (folder) and configuration the tasks solved (expected verdict), wrong
# answers, UNKNOWNs, the SV-COMP score (+2 correct true, +1 correct false,
# -32 wrong true, -16 wrong false) and the time; one task at a time.
# Configurations: the portfolio and each engine alone (ALGOS), and the peer
# z3 Spacer on zeta's Horn-clause export of the same program (--export chc).
# usage: bench/c_bench.sh [ZETA] [TIMEOUT]   ALGOS="portfolio cegar ..." to
# choose (default: portfolio cegar bmc kind pdr imc spacer-peer); CATS="locks ..."
# for a subset of folders; RESULTS=FILE keeps one line per run (config,
# task, expected, verdict, wall s, CPU s); with RESUME=1 a run whose row is
# already in RESULTS is not repeated (a long run can go on in a later
# session; its totals are the rows' sums). Times: wall-clock, and the CPU
# time of every process of the run that was waited for (zeta's portfolio
# jobs included); a total line per configuration.
set -u
ZETA=${1:-build/zeta}
T=${2:-10}
DIR=${SHARED:-../shared}/benchmarks/c
ALGOS=${ALGOS:-portfolio cegar bmc kind pdr imc spacer-peer}
CATS=${CATS:-$(cd "$DIR" && ls -d */ | tr -d / | grep -v properties)}
RESULTS=${RESULTS:-/dev/null}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
run_one() {  # algo task.yml -> verdict
  local a=$1 y=$2 v
  if [ "$a" = spacer-peer ]; then
    # zeta lowers the program and exports Horn clauses; z3 answers. The math
    # encoding where zeta takes it: z3 4.8.12's Spacer crashes (SIGSEGV) on
    # many of the bit-vector exports (Int location counter with BitVec state)
    timeout $((T + 5)) "$ZETA" --c-int math --export chc "$y" > "$TMP/p.smt2" 2> "$TMP/err"
    if head -n 1 "$TMP/p.smt2" | grep -q '^UNKNOWN (unsupported: bitwise'; then
      timeout $((T + 5)) "$ZETA" --export chc "$y" > "$TMP/p.smt2" 2> "$TMP/err"
    fi
    if head -n 1 "$TMP/p.smt2" | grep -q '^UNKNOWN'; then head -n 1 "$TMP/p.smt2"; return; fi
    if ! head -n 1 "$TMP/p.smt2" | grep -q 'set-logic'; then echo ERROR; return; fi
    v=$(timeout $((T + 2)) z3 -T:"$T" "$TMP/p.smt2" 2>/dev/null | head -n 1)
    case "$v" in sat) echo SAFE ;; unsat) echo UNSAFE ;; "") echo "UNKNOWN (z3 crashed)" ;; *) echo "UNKNOWN ($v)" ;; esac
    return
  fi
  timeout $((T + 10)) "$ZETA" --algorithm "$a" --timeout "$T" "$y" 2>/dev/null | head -n 1
}
# CPU := the children's CPU seconds so far (user + system); `times` must
# run in this shell, not in a command substitution (a fork starts at zero)
child_cpu() {
  times > "$TMP/times"
  CPU=$(tail -n 1 "$TMP/times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } printf "%.2f", s }')
}
printf '%-18s %-12s %6s %6s %6s %6s %7s %8s %8s\n' category config tasks solved wrong unknown score wall_s cpu_s
for a in $ALGOS; do
  TN=0 TS=0 TW=0 TU=0 TSC=0 TWALL=0 TCPU=0
  for c in $CATS; do
    n=0 solved=0 wrong=0 unk=0 score=0
    wall=0 cpu=0
    for y in "$DIR/$c"/*.yml; do
      want=$(grep -o 'expected_verdict: *[a-z]*' "$y" | awk '{print $2}')
      row=
      [ "${RESUME:-0}" = 1 ] && [ -f "$RESULTS" ] &&
        row=$(awk -F'\t' -v a="$a" -v t="${y#$DIR/}" '$1 == a && $2 == t' "$RESULTS" | tail -n 1)
      if [ -n "$row" ]; then
        v=$(printf '%s' "$row" | cut -f 4) dt=$(printf '%s' "$row" | cut -f 5) dc=$(printf '%s' "$row" | cut -f 6)
      else
        t0=$(date +%s.%N)
        child_cpu; c0=$CPU
        v=$(run_one "$a" "$y")
        child_cpu; c1=$CPU
        t1=$(date +%s.%N)
        dt=$(printf '%.2f' "$(echo "$t1 - $t0" | bc)") dc=$(printf '%.2f' "$(echo "$c1 - $c0" | bc)")
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$a" "${y#$DIR/}" "$want" "$v" "$dt" "$dc" >> "$RESULTS"
      fi
      wall=$(echo "$wall + $dt" | bc) cpu=$(echo "$cpu + $dc" | bc)
      n=$((n + 1))
      case "$v:$want" in
        SAFE:true) solved=$((solved + 1)) score=$((score + 2)) ;;
        UNSAFE:false) solved=$((solved + 1)) score=$((score + 1)) ;;
        SAFE:false) wrong=$((wrong + 1)) score=$((score - 32)) ;;
        UNSAFE:true) wrong=$((wrong + 1)) score=$((score - 16)) ;;
        *) unk=$((unk + 1)) ;;
      esac
    done
    printf '%-18s %-12s %6d %6d %6d %6d %7d %8.1f %8.1f\n' "$c" "$a" "$n" "$solved" "$wrong" "$unk" "$score" "$wall" "$cpu"
    TN=$((TN + n)) TS=$((TS + solved)) TW=$((TW + wrong)) TU=$((TU + unk)) TSC=$((TSC + score))
    TWALL=$(echo "$TWALL + $wall" | bc) TCPU=$(echo "$TCPU + $cpu" | bc)
  done
  printf '%-18s %-12s %6d %6d %6d %6d %7d %8.1f %8.1f\n' total "$a" "$TN" "$TS" "$TW" "$TU" "$TSC" "$TWALL" "$TCPU"
done
