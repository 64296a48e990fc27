#!/usr/bin/env bash
# CEGAR on every task of $SHARED/benchmarks/cfa: the expected verdict or
# UNKNOWN, never the opposite one, never a crash. SAFE answers of the
# default configuration are re-checked with cvc5 (--validate: initiation,
# consecution per edge, safety); UNSAFE traces are replayed by the engine
# before printing (a non-replaying trace answers UNKNOWN (internal...)).
# Set CEGAR_FULL=1 for the whole product domains x refinements x searches
# on every task (slow; see docs/STATUS-cegar.md).
set -u
ZETA=${ZETA:-build/zeta}
SHARED=${SHARED:-../shared}
DIR=$SHARED/benchmarks/cfa
T=${CEGAR_TIMEOUT:-3}
. "$(dirname "$0")/lib/quick.sh"
expected() { grep -o 'expected_verdict: *[a-z]*' "${1%.cfa}.yml" | awk '{print $2}'; }
judge() {  # name, file, output, exit code
  local name=$1 f=$2 out=$3 rc=$4 want first
  want=$(expected "$f")
  first=$(printf '%s\n' "$out" | head -n 1)
  case "$first" in
    SAFE) [ "$want" = true ] && [ "$rc" = 0 ] && echo "PASS $name" || echo "FAIL $name (SAFE, expected $want)";;
    UNSAFE) [ "$want" = false ] && [ "$rc" = 0 ] && echo "PASS $name" || echo "FAIL $name (UNSAFE, expected $want)";;
    "UNKNOWN (internal"*) echo "FAIL $name ($first)";;
    UNKNOWN*) [ "$rc" = 1 ] && echo "PASS $name ($first)" || echo "FAIL $name (exit $rc)";;
    *) echo "FAIL $name (exit $rc: $first)";;
  esac
}
run() {  # name, file, options...
  local name=$1 f=$2; shift 2
  local out rc
  out=$(timeout $((T + 10)) "$ZETA" --timeout "$T" "$@" "$f" 2>/dev/null); rc=$?
  judge "$name" "$f" "$out" "$rc"
}
DOMAINS="PRED_CART PRED_BOOL PRED_SPLIT EXPL"
REFS="SEQ_ITP FW_BIN_ITP BW_BIN_ITP MULTI_SEQ UNSAT_CORE MIN_PRUNE MAX_PRUNE"
SEARCHES="BFS DFS ERR ERR_DFS DFS_ERR"
# 1. every task: the default configuration (validated) and every domain
for f in $(quick_subset "$DIR"/*.cfa); do
  t=$(basename "$f" .cfa)
  run "cegar-default-validate/$t" "$f" --algorithm cegar --validate
  for d in ${CEGAR_DOMAINS:-EXPL PRED_BOOL}; do run "cegar/$d/$t" "$f" --algorithm cegar --domain "$d"; done
done
# 2. the full product on small tasks (all of them with CEGAR_FULL=1;
#    CEGAR_JOBS=N runs N at a time)
if [ "${CEGAR_FULL:-0}" = 1 ]; then SMALL=$(ls "$DIR"/*.cfa)
else SMALL="$DIR/seed-early-assign.cfa $DIR/theta-ifelse.cfa"; fi
export ZETA T
export -f run judge expected
for f in $(quick_subset $SMALL); do
  t=$(basename "$f" .cfa)
  for d in $DOMAINS; do for r in $REFS; do for s in $(quick_subset $SEARCHES); do
    echo "cegar/$d/$r/$s/$t $f --algorithm cegar --domain $d --refinement $r --search $s"
  done; done; done
done | xargs -P "${CEGAR_JOBS:-1}" -L 1 bash -c 'run "$@"' _
# 3. the worked examples of the CEGAR papers
rg=$DIR/seed-range-guard.cfa
for d in PRED_CART PRED_BOOL PRED_SPLIT; do
  out=$("$ZETA" --timeout "$T" --algorithm cegar --domain "$d" "$rg" | head -n 1)
  [ "$out" = SAFE ] && echo "PASS range-guard-$d" || echo "FAIL range-guard-$d ($out)"
  out=$("$ZETA" --timeout "$T" --algorithm cegar --domain "$d" "$DIR/seed-nonzero-guard.cfa" | head -n 1)
  [ "$out" = SAFE ] && echo "PASS nonzero-guard-$d" || echo "FAIL nonzero-guard-$d ($out)"
done
out=$("$ZETA" --timeout "$T" --algorithm cegar --domain EXPL --maxenum 4 "$rg" | head -n 1)
[ "$out" = SAFE ] && echo "PASS range-guard-maxenum4" || echo "FAIL range-guard-maxenum4 ($out)"
out=$("$ZETA" --timeout "$T" --algorithm cegar --domain EXPL --maxenum -1 "$rg" | head -n 1)
case "$out" in "UNKNOWN ("*) echo "PASS range-guard-maxenum-1 ($out)";; *) echo "FAIL range-guard-maxenum-1 ($out)";; esac
# seed-early-assign (SBE): backward binary interpolation refines in fewer
# rounds than forward (Theta's cuts; forward's first predicate sits below
# a stale state)
refs() { "$ZETA" --timeout "$T" --algorithm cegar --encoding SBE --stats --refinement "$1" "$DIR/seed-early-assign.cfa" | awk '/^refinements:/{print $2}'; }
fw=$(refs FW_BIN_ITP); bw=$(refs BW_BIN_ITP)
[ -n "$fw" ] && [ -n "$bw" ] && [ "$bw" -lt "$fw" ] && echo "PASS early-assign-bw-fewer ($bw < $fw)" || echo "FAIL early-assign-bw-fewer (bw $bw, fw $fw)"
# UNSAFE output carries a trace, SAFE with --invariant one define-fun per location
out=$("$ZETA" --timeout "$T" "$DIR/seed-explicit-unsafe.cfa")
printf '%s\n' "$out" | grep -q '^counterexample' && echo "PASS cex-printed" || echo "FAIL cex-printed"
out=$("$ZETA" --timeout "$T" --invariant "$DIR/seed-countdown.cfa")
printf '%s\n' "$out" | grep -q '^(define-fun inv_' && echo "PASS invariant-printed" || echo "FAIL invariant-printed"
# malformed input: exit 2 with file:line:column
tmp=$(mktemp --suffix=.cfa); trap 'rm -f "$tmp"' EXIT
printf 'main process p {\n  var x : int\n  init loc A\n  A -> A { x := y }\n}\n' >"$tmp"
err=$("$ZETA" "$tmp" 2>&1 >/dev/null); rc=$?
[ "$rc" = 2 ] && printf '%s' "$err" | grep -q ':4:17: undeclared variable' && echo "PASS cfa-bad-input" || echo "FAIL cfa-bad-input ($rc: $err)"
