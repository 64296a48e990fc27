#!/usr/bin/env bash
# The C tasks of $SHARED/benchmarks/c (SV-COMP unreach-call): per category
# (folder) and configuration the tasks solved (expected verdict), wrong
# answers, UNKNOWNs, the SV-COMP score (+2 correct true, +1 correct false,
# -32 wrong true, -16 wrong false) and the time.
# Configurations: the portfolio and each engine alone (ALGOS), and the peer
# z3 Spacer on zeta's Horn-clause export of the same program (--export chc).
# usage: bench/c_bench.sh [ZETA] [TIMEOUT]   ALGOS="portfolio cegar ..." to
# choose (default: portfolio cegar bmc kind pdr imc spacer-peer); CATS="locks ..."
# for a subset of folders; JOBS=N runs N tasks at once (default 1; more
# than one only for single-process configurations on a machine with as
# many idle cores: the portfolio races four processes); RESULTS=FILE keeps
# one line per run (config, task, expected, verdict, wall s, CPU s); with
# RESUME=1 a run whose row is already in RESULTS is not repeated (a long
# run can go on in a later session). The table is computed from the rows.
# Times: wall-clock, and the CPU time of every process of the run that was
# waited for (zeta's portfolio jobs included); a total line per
# configuration.
set -u
ZETA=${1:-build/zeta}
T=${2:-10}
DIR=${SHARED:-../shared}/benchmarks/c
ALGOS=${ALGOS:-portfolio cegar bmc kind pdr imc spacer-peer}
CATS=${CATS:-$(cd "$DIR" && ls -d */ | tr -d / | grep -v properties)}
JOBS=${JOBS:-1}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
RESULTS=${RESULTS:-$TMP/rows}
[ "$RESULTS" = /dev/null ] && RESULTS=$TMP/rows
[ "${RESUME:-0}" = 1 ] || : > "$RESULTS"
export ZETA T DIR RESULTS

# one task: prints its verdict (run in a child bash, timed by GNU time)
run_one() {  # algo task.yml work-dir
  local a=$1 y=$2 w=$3 v
  if [ "$a" = spacer-peer ]; then
    # zeta lowers the program and exports Horn clauses; z3 answers. The math
    # encoding where zeta takes it: z3 4.8.12's Spacer crashes (SIGSEGV) on
    # many of the bit-vector exports (Int location counter with BitVec state)
    timeout $((T + 5)) "$ZETA" --c-int math --export chc "$y" > "$w/p.smt2" 2> "$w/err"
    if head -n 1 "$w/p.smt2" | grep -q '^UNKNOWN (unsupported: bitwise'; then
      timeout $((T + 5)) "$ZETA" --export chc "$y" > "$w/p.smt2" 2> "$w/err"
    fi
    if head -n 1 "$w/p.smt2" | grep -q '^UNKNOWN'; then head -n 1 "$w/p.smt2"; return; fi
    if ! head -n 1 "$w/p.smt2" | grep -q 'set-logic'; then echo ERROR; return; fi
    v=$(timeout $((T + 2)) z3 -T:"$T" "$w/p.smt2" 2>/dev/null | head -n 1)
    case "$v" in sat) echo SAFE ;; unsat) echo UNSAFE ;; "") echo "UNKNOWN (z3 crashed)" ;; *) echo "UNKNOWN ($v)" ;; esac
    return
  fi
  timeout $((T + 10)) "$ZETA" --algorithm "$a" --timeout "$T" "$y" 2>/dev/null | head -n 1
}
# one task's row, appended to RESULTS (one short write: safe with JOBS > 1)
task_row() {  # algo task.yml
  local a=$1 y=$2 w want v wall cpu
  w=$(mktemp -d)
  want=$(grep -o 'expected_verdict: *[a-z]*' "$y" | awk '{print $2}')
  /usr/bin/time -f '%e %U %S' -o "$w/time" bash -c 'run_one "$@" > "$3/verdict"' _ "$a" "$y" "$w"
  v=$(head -n 1 "$w/verdict")
  read -r wall cpu < <(tail -n 1 "$w/time" | awk '{printf "%.2f %.2f\n", $1, $2 + $3}')
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$a" "${y#$DIR/}" "$want" "$v" "$wall" "$cpu" >> "$RESULTS"
  rm -rf "$w"
}
export -f run_one task_row

printf '%-18s %-12s %6s %6s %6s %6s %7s %8s %8s\n' category config tasks solved wrong unknown score wall_s cpu_s
for a in $ALGOS; do
  for c in $CATS; do
    for y in "$DIR/$c"/*.yml; do
      awk -F'\t' -v a="$a" -v t="${y#$DIR/}" '$1 == a && $2 == t {f = 1} END {exit !f}' "$RESULTS" || printf '%s\n' "$y"
    done | xargs -r -d '\n' -P "$JOBS" -I{} bash -c 'task_row "$1" "$2"' _ "$a" {}
    # the category's line from its rows (the last row per task)
    awk -F'\t' -v a="$a" -v c="$c" '$1 == a && index($2, c "/") == 1 {last[$2] = $0}
      END {
        for (t in last) {
          split(last[t], f, "\t"); n++; wall += f[5]; cpu += f[6]
          k = f[4] ":" f[3]
          if (k == "SAFE:true") {s++; sc += 2} else if (k == "UNSAFE:false") {s++; sc += 1}
          else if (k == "SAFE:false") {w++; sc -= 32} else if (k == "UNSAFE:true") {w++; sc -= 16} else u++
        }
        printf "%-18s %-12s %6d %6d %6d %6d %7d %8.1f %8.1f\n", c, a, n, s, w, u, sc, wall, cpu
      }' "$RESULTS" | tee -a "$TMP/lines"
  done
  awk -v a="$a" '$2 == a {n += $3; s += $4; w += $5; u += $6; sc += $7; wall += $8; cpu += $9}
    END {printf "%-18s %-12s %6d %6d %6d %6d %7d %8.1f %8.1f\n", "total", a, n, s, w, u, sc, wall, cpu}' "$TMP/lines"
done
