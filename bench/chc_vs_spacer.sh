#!/usr/bin/env bash
# zeta against Z3's Spacer (`z3 FILE`) on CHC-COMP tasks, same time limit,
# reported per track (one track = one directory).
#   bench/chc_vs_spacer.sh [ZETA] [TIMEOUT=20] [DIR...]
# DIR defaults to ../shared/benchmarks/chc and the three chc-comp24 tracks.
# CONFIGS (default "z3 zeta-own zeta"): z3 (the peer), zeta (portfolio,
# Spacer as one engine among zeta's own), zeta-own (--algorithm own),
# zeta-ALG (--algorithm ALG, e.g. zeta-ic3).
# PAR=1 runs z3 and zeta-own side by side (one core each); the portfolio
# always runs alone (it uses two processes); PAR=all runs every
# configuration side by side (same load for all). Default: one at a time.
# Per task: the answer, wall seconds and exit code; zeta exit 2 = input it
# cannot read ("unread"). solved = sat/unsat not contradicting the label
# (unlabelled tasks: any sat/unsat answer; z3's answers are not checked,
# zeta's are, and a z3 sat whose model (get-model) `zeta validate`
# finds violating a clause is recorded as badsat, not solved); wrong = contradicting the label; disagree = zeta vs z3 on
# unlabelled tasks. Ratio: median over commonly solved tasks of
# zeta time / z3 time. Rows go to bench/results/chc_vs_spacer.tsv (or OUT); with
# KEEP=1 the rows of configurations not run now are kept from the last run
# (so z3 and zeta can be measured at different times and compared);
# REPORT=1 runs nothing and reports on the rows of OUT.
# Another binary: a configuration CONFIG@PATH (e.g. zeta@/tmp/zeta-old,
# zeta-own@/tmp/zeta-old) runs CONFIG with the binary PATH (a private copy,
# as for ZETA); its rows carry the configuration as written. OLD_BIN=PATH
# adds zeta@PATH after the configurations of CONFIGS (old vs new portfolio).
# INTERLEAVE=1: task by task, every configuration one after the other on
# the same task before the next task (two binaries and z3 see the same
# load; PAR is ignored). Each row ends with the 1-minute load average read
# when its run started; the report gives its mean per configuration.
#   e.g. INTERLEAVE=1 OLD_BIN=/tmp/zeta-old CONFIGS="z3 zeta" \
#        nice -n 10 bench/chc_vs_spacer.sh build/zeta 20 DIR
set -u
zeta=${1:-build/zeta}; to=${2:-20}; shift 2 2>/dev/null || shift $#
# private copies: rebuilding build/zeta during a run must not disturb it
copies=()
trap 'rm -f "${copies[@]}"' EXIT
copy() {  # variable binary: sets the variable to a private copy of the binary
  local c; c=$(mktemp); copies+=("$c")
  [ "${REPORT:-0}" = 1 ] || cp "$2" "$c" || exit 2
  chmod +x "$c"; printf -v "$1" '%s' "$c"
}
copy zeta "$zeta"
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  b=../shared/benchmarks
  dirs=("$b/chc" "$b/chc-comp24/LIA" "$b/chc-comp24/LIA-Arrays" "$b/chc-comp24/ADT-LIA")
fi
configs=${CONFIGS:-"z3 zeta-own zeta"}
[ -n "${OLD_BIN:-}" ] && configs="$configs zeta@$OLD_BIN"
declare -A bin  # configuration CONFIG@PATH -> the private copy of PATH
for c in $configs; do
  case $c in *@*) copy z "${c#*@}"; bin[$c]=$z ;; esac
done
res=bench/results; mkdir -p "$res"
out=${OUT:-$res/chc_vs_spacer.tsv}
run() {  # config dir file -> one row "track task expected config answer seconds rc cpu reason load"
  local c=$1 d=$2 f=$3 b exp s e a rc tmp cpu why load z=$zeta k=${1%%@*}
  tmp=$(mktemp)
  [ -n "${bin[$c]:-}" ] && z=${bin[$c]}
  b=$(basename "$f" .smt2)
  exp=$(sed -n 's/.*expected_verdict: *//p' "${f%.smt2}.yml" | head -1)
  # CPU seconds (user + system of the process and its children: both
  # sides of the portfolio) next to wall seconds
  case $k in
    zeta) set -- timeout $((to + 5)) "$z" --json --timeout "$to" "$f" ;;
    zeta-*) set -- timeout $((to + 5)) "$z" --json --algorithm "${k#zeta-}" --timeout "$to" "$f" ;;
    z3) sed '/^ *(exit) *$/d' "$f" >"$tmp.in"; echo '(get-model)' >>"$tmp.in"
        set -- timeout "$to" z3 "$tmp.in" ;;
  esac
  load=$(cut -d' ' -f1 /proc/loadavg)
  s=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$tmp.cpu" "$@" >"$tmp" 2>/dev/null
  rc=$?
  e=$(date +%s.%N)
  cpu=$(awk 'END { printf "%.2f", $1 + $2 }' "$tmp.cpu")
  a=$(head -1 "$tmp"); why=-
  # zeta answers in JSON: the verdict, and the reason of an unknown
  case $k in zeta*) why=$(grep -o '"reason":"[^"]*"' "$tmp" | head -1 | cut -d'"' -f4)
                    case $(grep -o '"verdict":"[a-z]*"' "$tmp" | head -1) in
                      *'"safe"') a=sat ;; *'"unsafe"') a=unsat ;; *) a=unknown ;; esac ;; esac
  case $a in sat|unsat) ;; *) a=unknown ;; esac
  # z3's sat counts only when its model does not violate a clause
  # (checked after the clock stopped; undecided checks keep the answer)
  if [ "$c" = z3 ] && [ "$a" = sat ]; then
    timeout 120 "$zeta" validate "$f" "$tmp" 2>/dev/null | grep -q '^invalid' && a=badsat
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%.2f\t%s\t%s\t%s\t%s\n' "$(basename "$d")" "$b" "${exp:-unknown}" "$c" "$a" "$(echo "$e - $s" | bc)" "$rc" "$cpu" "${why:--}" "$load"
  rm -f "$tmp" "$tmp.in" "$tmp.cpu"
}
one() {  # config -> its rows, task by task
  local d f
  for d in "${dirs[@]}"; do for f in "$d"/*.smt2; do run "$1" "$d" "$f"; done; done
}
if [ "${REPORT:-0}" = 1 ]; then configs=""; fi   # only the report of $out
: >"$out.rows"
if [ "${KEEP:-0}" = 1 ] || [ "${REPORT:-0}" = 1 ] && [ -f "$out" ]; then
  awk -F'\t' -v cs=" $configs " 'NR > 1 && index(cs, " " $4 " ") == 0' "$out" >"$out.rows"
fi
n=0; declare -A part  # configuration -> the file of its rows
for c in $configs; do part[$c]=$out.part$((n++)); : >"${part[$c]}"; done
if [ "${INTERLEAVE:-0}" = 1 ]; then
  for d in "${dirs[@]}"; do for f in "$d"/*.smt2; do
    for c in $configs; do run "$c" "$d" "$f" >>"${part[$c]}"; done
  done; done
else
  for c in $configs; do
    if [ "${PAR:-0}" = all ] || { [ "${PAR:-0}" = 1 ] && [ "${c%%@*}" != zeta ]; }; then one "$c" >"${part[$c]}" &
    else wait; one "$c" >"${part[$c]}"; fi
  done
  wait
fi
for c in $configs; do cat "${part[$c]}" >>"$out.rows"; rm -f "${part[$c]}"; done
{ printf 'track\ttask\texpected\tconfig\tanswer\tseconds\trc\tcpu\treason\tload\n'; cat "$out.rows"; } >"$out"
rm -f "$out.rows"
awk -F'\t' -v to="$to" 'NR > 1 {
    tr = $1; k = tr SUBSEP $2; c = $4
    ans = ($5 == "sat" || $5 == "unsat")
    bad = ($5 == "sat" && $3 == "false") || ($5 == "unsat" && $3 == "true")
    tot[tr, c]++; solved[tr, c] += ans && !bad; wrong[tr, c] += bad
    if (c != "z3" && $7 == 2) unread[tr, c]++
    if ($9 ~ /undecided/) undec[tr, c]++
    if ($10 != "") { ld[tr, c] += $10; nld[tr, c]++ }
    if (ans && !bad) { t[c, k] = $6; u[c, k] = $8; s[c, k] = 1; a[c, k] = $5 }
    tasks[tr, $2] = 1; trs[tr] = 1; cfgs[c] = 1 }
  function median(arr, n,   i, j, x) {
    for (i = 2; i <= n; i++) { x = arr[i]; for (j = i - 1; j >= 1 && arr[j] > x; j--) arr[j + 1] = arr[j]; arr[j + 1] = x }
    return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  END {
    printf "time limit %s s\n", to
    for (tr in trs) for (c in cfgs) {
      if (!tot[tr, c]) continue
      line = sprintf("%-11s %-9s solved %3d/%-3d wrong %d", tr, c, solved[tr, c], tot[tr, c], wrong[tr, c])
      if (nld[tr, c]) line = line sprintf("  load %.1f", ld[tr, c] / nld[tr, c])
      if (c != "z3") {
        line = line sprintf("  unread %d  model-check undecided %d", unread[tr, c], undec[tr, c])
        if (("z3" in cfgs)) { n = 0; only = 0; zonly = 0; dis = 0
          for (kk in tasks) { split(kk, p, SUBSEP); if (p[1] != tr) continue; k = tr SUBSEP p[2]
            if (s[c, k] && s["z3", k]) { r[++n] = (t[c, k] + 0.01) / (t["z3", k] + 0.01); ru[n] = (u[c, k] + 0.01) / (u["z3", k] + 0.01)
              if (a[c, k] != a["z3", k]) dis++ }
            else if (s[c, k]) only++; else if (s["z3", k]) zonly++ }
          line = line sprintf("  vs z3: common %d, only %d, z3-only %d, disagree %d", n, only, zonly, dis)
          if (n) line = line sprintf(", median time ratio %.2f (cpu %.2f)", median(r, n), median(ru, n)) }
      }
      print line
    }
  }' "$out" | sort
