#!/usr/bin/env bash
# Compares CEGAR configurations on $SHARED/benchmarks/cfa: per configuration
# the number of tasks solved (expected verdict), unknown, wrong, total time,
# and the summed refinements and final ARG sizes of the solved tasks.
# usage: bench/cegar_configs.sh [ZETA] [TIMEOUT]   (CONFIGS="..." to choose,
# JOBS=N to run N configurations at a time)
set -u
ZETA=${1:-build/zeta}
T=${2:-10}
DIR=${SHARED:-../shared}/benchmarks/cfa
DEFAULT_CONFIGS=""
for d in PRED_CART PRED_BOOL PRED_SPLIT EXPL; do
  for r in SEQ_ITP FW_BIN_ITP BW_BIN_ITP MULTI_SEQ UNSAT_CORE MIN_PRUNE MAX_PRUNE; do
    DEFAULT_CONFIGS+=" --domain=$d,--refinement=$r"
  done
done
for s in DFS ERR ERR_DFS DFS_ERR; do DEFAULT_CONFIGS+=" --domain=PRED_CART,--search=$s"; done
DEFAULT_CONFIGS+=" --domain=PRED_CART,--precgranularity=LOCAL --domain=PRED_CART,--predsplit=ATOMS"
DEFAULT_CONFIGS+=" --domain=PRED_CART,--encoding=SBE --domain=PRED_CART,--prunestrategy=FULL --domain=EXPL,--maxenum=-1"
DEFAULT_CONFIGS+=" --domain=PRED_CART,--itp=mbp --domain=PRED_CART,--initprec=ALLASSUMES"
one() {  # one configuration: its table row
  local c=$1 opts solved=0 unknown=0 wrong=0 refs=0 nodes=0 start t f want out v
  opts=$(echo "$c" | tr ',' ' ' | sed 's/=/ /g')
  start=$(date +%s.%N)
  for f in "$DIR"/*.cfa; do
    want=$(grep -o 'expected_verdict: *[a-z]*' "${f%.cfa}.yml" | awk '{print $2}')
    # shellcheck disable=SC2086
    out=$(timeout $((T + 5)) "$ZETA" --algorithm cegar --timeout "$T" --stats $opts "$f" 2>/dev/null)
    v=$(printf '%s\n' "$out" | head -n 1)
    if { [ "$v" = SAFE ] && [ "$want" = true ]; } || { [ "$v" = UNSAFE ] && [ "$want" = false ]; }; then
      solved=$((solved + 1))
      refs=$((refs + $(printf '%s\n' "$out" | awk '/^refinements:/{print $2}')))
      nodes=$((nodes + $(printf '%s\n' "$out" | awk '/^arg-nodes:/{print $2}')))
    elif [ "$v" = SAFE ] || [ "$v" = UNSAFE ]; then wrong=$((wrong + 1))
    else unknown=$((unknown + 1)); fi
  done
  t=$(echo "$(date +%s.%N) - $start" | bc)
  printf '%-55s %6d %7d %5d %8.1f %6d %8d\n' "$opts" "$solved" "$unknown" "$wrong" "$t" "$refs" "$nodes"
}
export -f one
export ZETA T DIR
printf '%-55s %6s %7s %5s %8s %6s %8s\n' configuration solved unknown wrong time[s] refs arg-nodes
# JOBS=N: N configurations at a time (rows in completion order)
# shellcheck disable=SC2086
printf '%s\n' ${CONFIGS:-$DEFAULT_CONFIGS} | xargs -P "${JOBS:-1}" -I{} bash -c 'one "$1"' _ {}
