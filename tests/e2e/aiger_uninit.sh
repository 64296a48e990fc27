#!/usr/bin/env bash
# AIGER 1.9 uninitialized latches (reset = the latch's own literal) in
# every engine: tests/hw/uninit_latch.aag is UNSAFE only because such a
# latch may start at 1 (a zero start, ABC's plain `read`, makes it SAFE):
# the witness must replay in the independent checker and give latch a
# the value 1; tests/hw/uninit_latch_copy.aag is SAFE (one unknown initial
# value that then stays, not a fresh value per step).
set -u
ZETA=${ZETA:-build/zeta}
. "$(dirname "$0")/lib/quick.sh"
dir=$(dirname "$0")/../hw
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the binary form of the same circuits takes the same path
python3 "$(dirname "$0")/../../bench/aag2aig.py" "$dir/uninit_latch.aag" "$tmp/uninit_latch.aig"
for engine in $(quick_subset portfolio ic3 bmc kind pdr imc kind-bit bmc-bit); do
  # the AIGER-only engines (kind-bit, bmc-bit) run as a one-job portfolio
  case "$engine" in *-bit) export ZETA_HW_PORTFOLIO=$engine; alg=portfolio ;; *) unset ZETA_HW_PORTFOLIO; alg=$engine ;; esac
  for f in "$dir/uninit_latch.aag" "$tmp/uninit_latch.aig"; do
    name="aiger-uninit/$engine/$(basename "$f")"
    "$ZETA" --algorithm "$alg" --timeout 20 --format hwmcc "$f" >"$tmp/w" 2>"$tmp/e"
    if [ "$(head -1 "$tmp/w")" != 1 ]; then echo "FAIL $name: $(tr '\n' ' ' <"$tmp/w") $(head -c 200 "$tmp/e")"; continue; fi
    # the witness of the .aig is checked against the .aag (same numbering)
    if ! msg=$(python3 tests/aiger_witness_check.py "$dir/uninit_latch.aag" "$tmp/w"); then echo "FAIL $name: witness: $msg"
    elif [ "$(sed -n 3p "$tmp/w" | cut -c1-2)" != 10 ]; then echo "FAIL $name: latches a, b must start at 1, 0: $(sed -n 3p "$tmp/w")"
    else echo "PASS $name (witness replays, a = 1 at step 0)"; fi
  done
  name="aiger-uninit/$engine/uninit_latch_copy"
  out=$("$ZETA" --algorithm "$alg" --timeout 20 --bound 8 "$dir/uninit_latch_copy.aag" 2>"$tmp/e" | head -1)
  case "$out" in
    SAFE) echo "PASS $name" ;;
    UNKNOWN*) case "$engine" in bmc|bmc-bit) true ;; *) false ;; esac && echo "PASS $name (bmc: $out)" || echo "FAIL $name: $out" ;;
    *) echo "FAIL $name: $out $(head -c 200 "$tmp/e")" ;;
  esac
done
