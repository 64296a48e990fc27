#!/usr/bin/env bash
# CFA portfolio measurement: solved / wrong / time of solved tasks on
# ../shared/benchmarks/cfa for each configuration (issue 4's target: every
# task Spacer solves, 21 of 24 at 20 s).
# usage: bench/cfa_portfolio.sh [ZETA] [TIMEOUT] [CONFIGS]
#   CONFIGS: comma list of cegar, pdr, kind, bmc, portfolio, portfolio-w1,
#            portfolio-w2 (portfolio with at most 1 / 2 engines at a time)
ZETA=${1:-build/zeta}; T=${2:-20}; CONFIGS=${3:-cegar,pdr,portfolio,portfolio-w2}
SHARED=${SHARED:-../shared}
printf '| config | solved | wrong | unknown | time of solved (s) | total wall (s) |\n|---|---|---|---|---|---|\n'
for cfg in ${CONFIGS//,/ }; do
  solved=0 wrong=0 unknown=0 tsolved=0 t0=$(date +%s.%N) env=()
  case $cfg in
    portfolio) args=(--algorithm portfolio) ;;
    portfolio-w*) args=(--algorithm portfolio); env=(ZETA_PORTFOLIO_WIDTH=${cfg#portfolio-w}) ;;
    *) args=(--algorithm "$cfg") ;;
  esac
  for y in "$SHARED"/benchmarks/cfa/*.yml; do
    f=${y%.yml}.cfa
    case $(grep -m1 expected_verdict "$y" | awk '{print $2}') in true) exp=SAFE ;; false) exp=UNSAFE ;; *) continue ;; esac
    s=$(date +%s.%N)
    v=$(env "${env[@]}" timeout $((T + 10)) "$ZETA" "${args[@]}" --timeout "$T" "$f" 2>/dev/null | head -n 1)
    e=$(echo "$(date +%s.%N) - $s" | bc)
    if [ "$v" = "$exp" ]; then solved=$((solved + 1)); tsolved=$(echo "$tsolved + $e" | bc)
    elif [ "$v" = SAFE ] || [ "$v" = UNSAFE ]; then wrong=$((wrong + 1)); echo "WRONG $cfg $(basename "$f"): $v" >&2
    else unknown=$((unknown + 1)); echo "unknown $cfg $(basename "$f"): $v" >&2; fi
  done
  printf '| %s | %d | %d | %d | %.1f | %.1f |\n' "$cfg" $solved $wrong $unknown "$tsolved" "$(echo "$(date +%s.%N) - $t0" | bc)"
done
