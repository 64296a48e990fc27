#!/usr/bin/env bash
# The standard comparison: zeta's configurations and the peers (Z3's Spacer
# on CHC and, through zeta's CFA-to-Horn export, on CFA; berkeley-abc's PDR on
# AIGER) over the shared task sets, with solved counts, side-by-side time
# ratios and plots under bench/results/. `make bench` runs this.
#
#   bench/run-all.sh ZETA_BINARY
#
# Environment (all optional):
#   TIMELIMIT   CPU seconds per task (default 20)
#   MEMLIMIT    MB per task (default 2048)
#   JOBS        parallel jobs (default: number of cores)
#   BENCHMARKS  task sets (default ../shared/benchmarks beside the repository)
#   SETS        which of them (default "cfa chc hwmcc petri")
#   CONFIGS     configurations from bench/configs.yml, comma-separated
#   OUT         results directory (default bench/results/run-DATE; bench/results/latest links to it)
# Exit status: 0, or 1 when some verdict was wrong (printed loudly), 2 on usage errors.
set -u
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: $0 ZETA_BINARY" >&2; exit 2; }
zeta=$1
[ -x "$zeta" ] || { echo "run-all: $zeta is not an executable" >&2; exit 2; }
zeta="$(cd "$(dirname "$zeta")" && pwd)/$(basename "$zeta")"
PY=${PYTHON:-/usr/bin/python3}; [ -x "$PY" ] || PY=python3
TIMELIMIT=${TIMELIMIT:-20}
MEMLIMIT=${MEMLIMIT:-2048}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
BENCHMARKS=${BENCHMARKS:-$here/../../shared/benchmarks}
SETS=${SETS:-cfa chc hwmcc petri}
# Peers first: each task language's first run is the base of its time ratios.
CONFIGS=${CONFIGS:-spacer,spacer-cfa,abc-pdr,zeta,zeta-cegar-expl,zeta-cegar-pred,zeta-bmc,zeta-kind,zeta-pdr,zeta-imc,zeta-ic3,zeta-own,zeta-spacer,zeta-se-cegar,zeta-explicit}
stamp=$(date +%Y%m%d-%H%M%S)
OUT=${OUT:-$here/results/run-$stamp}
dirs=()
for s in $SETS; do
  [ -d "$BENCHMARKS/$s" ] || { echo "run-all: no task set $BENCHMARKS/$s" >&2; exit 2; }
  dirs+=("$BENCHMARKS/$s")
done
mkdir -p "$OUT"
ln -sfn "$OUT" "$here/results/latest"
{
  echo "date: $stamp"
  echo "zeta: $("$zeta" --version 2>&1 | head -n 1) ($zeta)"
  echo "commit: $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null)"
  echo "z3: $(z3 --version 2>&1 | head -n 1)"
  echo "berkeley-abc: $(dpkg-query -W -f='${Version}' berkeley-abc 2>/dev/null)"
  echo "limits: ${TIMELIMIT}s CPU, ${MEMLIMIT} MB, $JOBS jobs on $(nproc) cores"
  echo "configs: $CONFIGS"
  echo "sets: $SETS"
} > "$OUT/environment.txt"
cat "$OUT/environment.txt"
exec "$PY" "$here/runner.py" "${dirs[@]}" --config "$CONFIGS" --zeta "$zeta" \
  -t "$TIMELIMIT" -m "$MEMLIMIT" -j "$JOBS" -o "$OUT"
