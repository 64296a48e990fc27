#!/usr/bin/env bash
# Solidity modular verification (--sol-mode modular, issue 16): small
# annotated contracts in tests/sol/modular/ (each says its flags, verdict,
# the per-function lines and error lines it must print, or the input error
# it must give), the arithmetic modes' overflow corner cases, a malformed
# annotation (exit 2 at the comment's line:column), and a few shared
# sol-verify tasks run as task definitions (the overall verdict must not be
# the opposite of the label; no function OK where the gold says ERROR).
set -u
ZETA=${ZETA:-build/zeta}
SHARED=${SHARED:-../shared}
. "$(dirname "$0")/lib/quick.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
T=30
run() { timeout $((T + 30)) "$ZETA" --timeout $T "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }
for f in $(quick_subset tests/sol/modular/*.sol); do
  n=sol-modular/$(basename "$f" .sol)
  # shellcheck disable=SC2046
  run --sol-mode modular $(sed -n 's|^// flags: ||p' "$f") "$f"
  err=$(sed -n 's|^// error: ||p' "$f")
  if [ -n "$err" ]; then
    if [ "$(cat "$tmp/rc")" = 2 ] && grep -q "$err" "$tmp/err" && [ ! -s "$tmp/out" ]; then echo "PASS $n"
    else echo "FAIL $n: rc $(cat "$tmp/rc"), $(head -c 200 "$tmp/err")"; fi
    continue
  fi
  want=$(sed -n 's|^// verdict: ||p' "$f")
  got=$(head -1 "$tmp/out" | awk '{print $1}')
  if [ "$got" != "$want" ]; then echo "FAIL $n: verdict '$got', want '$want' $(head -c 200 "$tmp/err")"; continue; fi
  bad=
  while IFS= read -r line; do
    grep -qF -- "$line" "$tmp/out" || bad="$bad [$line]"
  done < <(sed -n 's|^// expect: ||p' "$f")
  if [ -n "$bad" ]; then echo "FAIL $n: missing$bad"; continue; fi
  # every ERROR comes with at least one error line
  if grep -q ': ERROR$' "$tmp/out" && ! grep -qE '^[^ ]+\.sol:[0-9]+:[0-9]+: ' "$tmp/out"; then echo "FAIL $n: ERROR without its failing check"; continue; fi
  echo "PASS $n"
done
# with Houdini's time, houdini_time.sol's f is OK (its bound is inferred)
run --sol-mode modular --sol-arith int tests/sol/modular/houdini_time.sol
if grep -q '^H::f: OK' "$tmp/out" && grep -q '^H::g: ERROR' "$tmp/out"; then echo "PASS sol-modular/houdini-time-default"
else echo "FAIL sol-modular/houdini-time-default: $(head -3 "$tmp/out")"; fi
# chc stays the default mode on a plain .sol file
run tests/sol/modular/inv_post.sol
if ! grep -q '::' "$tmp/out"; then echo "PASS sol-modular/default-chc"; else echo "FAIL sol-modular/default-chc"; fi
# bad option values are input errors
run --sol-mode modular --sol-arith float tests/sol/modular/inv_post.sol
[ "$(cat "$tmp/rc")" = 2 ] && echo "PASS sol-modular/bad-arith" || echo "FAIL sol-modular/bad-arith: rc $(cat "$tmp/rc")"
# --validate: cvc5's opinion on each check; an answer it contradicts is withheld
run --validate --sol-mode modular tests/sol/modular/inv_post.sol
if grep -q '^Pair::both: OK' "$tmp/out" && grep -q '^Pair::onlyX: ERROR' "$tmp/out"; then echo "PASS sol-modular/validate"
else echo "FAIL sol-modular/validate: $(head -3 "$tmp/out")"; fi
mkdir -p "$tmp/bin"
printf '#!/bin/sh\n%s "$@" | sed -u "s/^unsat$/X/; s/^sat$/unsat/; s/^X$/sat/"\n' "$(command -v cvc5)" > "$tmp/bin/cvc5"
chmod +x "$tmp/bin/cvc5"
PATH="$tmp/bin:$PATH" run --validate --sol-mode modular tests/sol/modular/inv_post.sol
if grep -q '^UNKNOWN' "$tmp/out" && grep -q '^Pair::onlyX: SKIPPED (z3 and cvc5 disagree)' "$tmp/out"; then echo "PASS sol-modular/validate-disagree"
else echo "FAIL sol-modular/validate-disagree: $(head -3 "$tmp/out")"; fi
# shared tasks: the .yml selects the mode (sol-modular.prp) and the arithmetic
S=$SHARED/benchmarks/sol-verify
tasks=(examples/SimpleBankReentrancy examples/SimpleBankCorrect specs/DoWhile specs/Sum specs/DefaultConstructor
       overflow/OverflowSimple overflow/OverflowSpec basic/Modifiers)
for t in $(quick_subset "${tasks[@]}"); do
  y=$S/$t.yml
  [ -f "$y" ] || { echo "FAIL sol-modular/task/$t: missing"; continue; }
  run "$y"
  exp=$(grep -m1 expected_verdict "$y" | awk '{print $2}')
  got=$(head -1 "$tmp/out" | awk '{print $1}')
  if { [ "$exp" = true ] && [ "$got" = UNSAFE ]; } || { [ "$exp" = false ] && [ "$got" = SAFE ]; } || [ -z "$got" ]; then
    echo "FAIL sol-modular/task/$t: '$got' against label $exp"; continue; fi
  okerr=
  while IFS= read -r fn; do
    grep -qF "$fn: OK" "$tmp/out" && okerr="$okerr $fn"
  done < <(grep -oE "'[^']+::[^']+: ERROR'" "$y" | sed -E "s/^'(.*): ERROR'$/\1/")
  if [ -n "$okerr" ]; then echo "FAIL sol-modular/task/$t: OK where the gold says ERROR:$okerr"; continue; fi
  echo "PASS sol-modular/task/$t ($got)"
done
