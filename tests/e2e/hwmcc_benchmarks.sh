#!/usr/bin/env bash
# Every transition-system engine on every HWMCC task with a short time
# limit: the expected verdict or UNKNOWN, never the opposite without checked
# evidence (split-fib_37b0: see docs/STATUS-hw.md); every UNSAFE
# witness (--format hwmcc) is checked by tests/aiger_witness_check.py, a
# simulator independent of zeta's. HW_TIMEOUT sets the limit per run.
set -u
ZETA=${ZETA:-build/zeta}
SHARED=${SHARED:-../shared}
T=${HW_TIMEOUT:-1}
. "$(dirname "$0")/lib/quick.sh"
ENGINES=${HW_ENGINES:-"portfolio bmc kind pdr imc ic3 kind-bit"}
dir="$SHARED/benchmarks/hwmcc"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -d "$dir" ] || { echo "FAIL hwmcc: no task folder $dir"; exit 0; }
for engine in $ENGINES; do
  # the AIGER-only engines (kind-bit, bmc-bit) run as a one-job portfolio
  case "$engine" in *-bit) export ZETA_HW_PORTFOLIO=$engine; alg=portfolio ;; *) unset ZETA_HW_PORTFOLIO; alg=$engine ;; esac
  # engines that do not take transition systems reject the option (exit 2)
  probe=$("$ZETA" --algorithm "$alg" --bound 1 --timeout 5 "$dir/split-sw_ball2004_2b0.aag" 2>&1 >/dev/null; echo "rc=$?")
  case "$probe" in *rc=2*) continue ;; esac
  for yml in $(quick_subset "$dir"/*.yml); do
    task=$(basename "$yml" .yml); aag="$dir/$task.aag"
    expected=$(sed -n 's/.*expected_verdict: *\([a-z]*\).*/\1/p' "$yml" | head -1)
    want=SAFE; [ "$expected" = false ] && want=UNSAFE
    "$ZETA" --algorithm "$alg" --timeout "$T" --format hwmcc "$aag" >"$tmp/w" 2>"$tmp/e"
    rc=$?
    first=$(head -1 "$tmp/w")
    case "$first" in 1) got=UNSAFE ;; 0) got=SAFE ;; *) got=UNKNOWN ;; esac
    name="hwmcc/$engine/$task"
    if [ "$rc" -ge 2 ]; then echo "FAIL $name (exit $rc: $(head -c 200 "$tmp/e"))"; continue; fi
    if [ "$got" = UNKNOWN ]; then echo "PASS $name (unknown)"; continue; fi
    # an answer against the label passes only with checked evidence: a
    # certified witness circuit for SAFE (an inductive invariant of the
    # original circuit, docs/CERT.md), a replaying witness for UNSAFE
    if [ "$got" != "$want" ] && [ "$got" = SAFE ]; then
      if cert=$("$ZETA" --algorithm "$alg" --certify --timeout 60 "$aag" 2>/dev/null | grep -m1 '^certified: witness circuit'); then
        echo "PASS $name (SAFE against the label: $cert)"
      else echo "FAIL $name: $got, expected $want"; fi
      continue
    fi
    if [ "$got" = UNSAFE ]; then
      if msg=$(python3 tests/aiger_witness_check.py "$aag" "$tmp/w"); then
        echo "PASS $name (witness replays$([ "$want" = SAFE ] && echo ', against the label'))"
      else echo "FAIL $name: witness: $msg"; fi
    else echo "PASS $name"; fi
  done
done
