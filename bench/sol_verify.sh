#!/usr/bin/env bash
# zeta --sol-mode modular on the sol-verify tasks (shared/benchmarks/sol-verify):
# per task the expected overall verdict vs zeta's, per-function agreement
# with expected_output, time per task and arithmetic mode. Rows in
# bench/results/sol_verify.tsv, outputs in bench/results/sol_verify/;
# summary on stdout.
# Usage: bench/sol_verify.sh [-t SECONDS] [TASK.yml ...]   (default: all tasks, 10 s)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
ZETA=${ZETA:-$here/build/zeta}
SHARED=${SHARED:-$here/../shared}
T=10
while getopts t: o; do case $o in t) T=$OPTARG ;; *) exit 2 ;; esac; done
shift $((OPTIND - 1))
tasks=("$@")
[ ${#tasks[@]} -eq 0 ] && mapfile -t tasks < <(ls "$SHARED"/benchmarks/sol-verify/*/*.yml | sort)
mkdir -p "$here/bench/results"
tsv=$here/bench/results/sol_verify.tsv
printf 'task\tarith\texpected\tzeta\tseconds\tfn_agree\tfn_total\tok_where_error\n' > "$tsv"
agree=0; total=0; okerr=0; fa=0; ft=0
for y in "${tasks[@]}"; do
  name=${y#"$SHARED"/benchmarks/sol-verify/}
  exp=$(grep -m1 'expected_verdict' "$y" | awk '{print $2}')
  arith=$(grep -m1 'arithmetic:' "$y" | awk '{print $2}')
  s=$(date +%s.%N)
  out=$(timeout $((T + 20)) "$ZETA" --timeout "$T" "$y" 2>&1)
  e=$(date +%s.%N)
  mkdir -p "$here/bench/results/sol_verify/$(dirname "$name")"
  printf '%s\n' "$out" > "$here/bench/results/sol_verify/${name%.yml}.out"   # for the SKIPPED reasons
  secs=$(echo "$e - $s" | bc)
  v=$(printf '%s\n' "$out" | grep -m1 -oE '^(SAFE|UNSAFE|UNKNOWN)' || echo ERROR)
  want=$([ "$exp" = true ] && echo SAFE || echo UNSAFE)
  # per function: expected lines vs zeta's lines
  fn_agree=0; fn_total=0; ow=0
  while IFS= read -r line; do
    f=${line%: *}; r=${line##*: }
    fn_total=$((fn_total + 1))
    got=$(printf '%s\n' "$out" | grep -F -m1 "$f: " | sed -E 's/^.*: (OK|ERROR|SKIPPED).*$/\1/')
    [ "$got" = "$r" ] && fn_agree=$((fn_agree + 1))
    [ "$got" = OK ] && [ "$r" = ERROR ] && ow=$((ow + 1))
  done < <(sed -n "/expected_output:/,/expected_errors:\|^[^ ]/p" "$y" | grep -E "^ +- '.*::.*: (OK|ERROR|SKIPPED)'" | sed -E "s/^ +- '(.*)'$/\1/")
  total=$((total + 1)); [ "$v" = "$want" ] && agree=$((agree + 1))
  okerr=$((okerr + ow)); fa=$((fa + fn_agree)); ft=$((ft + fn_total))
  printf '%s\t%s\t%s\t%s\t%.2f\t%d\t%d\t%d\n' "$name" "$arith" "$want" "$v" "$secs" "$fn_agree" "$fn_total" "$ow" >> "$tsv"
done
echo "tasks: $total, overall verdict agrees: $agree"
echo "functions: $fa of $ft agree; OK where expected ERROR: $okerr"
awk -F'\t' 'NR > 1 { n[$2]++; t[$2] += $5; if ($3 == $4) a[$2]++ }
  END { for (m in n) printf "arith %-12s tasks %3d agree %3d time %.1f s (%.2f s/task)\n", m, n[m], a[m], t[m], t[m] / n[m] }' "$tsv"
awk -F'\t' 'NR > 1 { c[$3 " -> " $4]++ } END { for (k in c) printf "  %-22s %d\n", k, c[k] }' "$tsv" | sort
