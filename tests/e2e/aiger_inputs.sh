#!/usr/bin/env bash
# AIGER front end through the CLI: small circuits with known answers,
# binary input, --property, old-style outputs, constraints, and malformed
# files (exit 2, message with file:line or byte offset).
set -u
ZETA=${ZETA:-build/zeta}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() {  # name, expected first line, expected exit, file, options...
  local name=$1 want=$2 wrc=$3 f=$4; shift 4
  local out rc; out=$("$ZETA" --timeout 10 "$@" "$f" 2>"$tmp/err"); rc=$?
  if [ "$(printf '%s\n' "$out" | head -1)" = "$want" ] && [ "$rc" = "$wrc" ]; then echo "PASS aiger/$name"
  else echo "FAIL aiger/$name: got '$(printf '%s' "$out" | head -1)' exit $rc: $(head -c 200 "$tmp/err")"; fi
}
# one-bit counter with enable (bad = latch): reached after one step
printf 'aag 5 1 1 0 3 1\n2\n4 10 0\n4\n6 5 3\n8 4 2\n10 9 7\n' >"$tmp/counter.aag"
check counter UNSAFE 0 "$tmp/counter.aag" --algorithm bmc
printf 'aig 5 1 1 0 3 1\n10 0\n4\n\001\002\004\002\001\002' >"$tmp/counter.aig"
check counter-binary UNSAFE 0 "$tmp/counter.aig" --algorithm bmc
# the witness replays in the independent checker
"$ZETA" --format hwmcc "$tmp/counter.aag" >"$tmp/w" 2>/dev/null
if python3 tests/aiger_witness_check.py "$tmp/counter.aag" "$tmp/w" >/dev/null; then echo "PASS aiger/counter-witness"
else echo "FAIL aiger/counter-witness: $(cat "$tmp/w")"; fi
# same counter, but the constraint "enable is 0" makes the bad state unreachable
printf 'aag 5 1 1 0 3 1 1\n2\n4 10 0\n4\n3\n6 5 3\n8 4 2\n10 9 7\n' >"$tmp/constrained.aag"
check constrained-bmc "UNKNOWN (bound reached)" 1 "$tmp/constrained.aag" --algorithm bmc --bound 5
# two bad states: b0 = latch (reachable), b1 = constant 0
printf 'aag 5 1 1 0 3 2\n2\n4 10 0\n4\n0\n6 5 3\n8 4 2\n10 9 7\n' >"$tmp/two.aag"
check property-1 "UNKNOWN (bound reached)" 1 "$tmp/two.aag" --algorithm bmc --bound 4 --property 1
check property-range "" 2 "$tmp/two.aag" --property 2
# old style: the output is the bad state; latch initialized to 1 = bad at step 0
printf 'aag 1 0 1 1 0\n2 2 1\n2\n' >"$tmp/old.aag"
check old-style UNSAFE 0 "$tmp/old.aag" --algorithm bmc
"$ZETA" --format hwmcc "$tmp/old.aag" >"$tmp/w" 2>/dev/null
if [ "$(tr '\n' ' ' <"$tmp/w")" = "1 b0 1  . " ]; then echo "PASS aiger/old-style-witness"
else echo "FAIL aiger/old-style-witness: $(tr '\n' ' ' <"$tmp/w")"; fi
# malformed files: exit 2 and a position
bad() {  # name, content (printf format), expected position text
  printf "$2" >"$tmp/$1.aag"
  "$ZETA" "$tmp/$1.aag" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ "$rc" = 2 ] && grep -q "$tmp/$1.aag:$3" "$tmp/err" && [ ! -s "$tmp/out" ]; then echo "PASS aiger/malformed-$1"
  else echo "FAIL aiger/malformed-$1: exit $rc, $(cat "$tmp/err")"; fi
}
bad undefined 'aag 3 1 0 1 1\n2\n6\n6 2 5\n' '4:'
bad header 'aag 1 x\n' '1:'
bad justice 'aag 2 1 1 0 0 0 0 1\n2\n4 2\n1\n4\n' '1:'
bad truncated 'aag 3 1 0 1 1\n2\n6\n' '4:'
printf 'aig 5 1 1 0 3 1\n10 0\n4\n\001\002\204' >"$tmp/trunc.aig"
"$ZETA" "$tmp/trunc.aig" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ "$rc" = 2 ] && grep -q "byte" "$tmp/err"; then echo "PASS aiger/malformed-binary"
else echo "FAIL aiger/malformed-binary: exit $rc, $(cat "$tmp/err")"; fi
# SAFE with --invariant: IC3's inductive invariant, re-checked by cvc5
# (--validate turns a failed check into UNKNOWN, exit 3)
inv() {  # name, file
  out=$("$ZETA" --algorithm ic3 --invariant --validate --timeout 60 "$2" 2>"$tmp/err"); rc=$?
  if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | head -1)" = SAFE ] && printf '%s\n' "$out" | grep -q '^invariant: '; then
    echo "PASS aiger/invariant-$1"
  else echo "FAIL aiger/invariant-$1: exit $rc, $(printf '%s' "$out" | head -c 200) $(head -c 200 "$tmp/err")"; fi
}
inv constrained "$tmp/constrained.aag"
[ -f "${SHARED:-../shared}/benchmarks/hwmcc/split-float_req_bl_1071b0.aag" ] &&
  inv hwmcc-float_req "${SHARED:-../shared}/benchmarks/hwmcc/split-float_req_bl_1071b0.aag"
