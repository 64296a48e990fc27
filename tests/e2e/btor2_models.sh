#!/usr/bin/env bash
# BTOR2 front end on the hand-written models of tests/btor2: each file's
# first line says "; expect: UNSAFE N" (a counterexample of N states) or
# "; expect: NOBAD N" (no bad state within N steps: BMC to bound N answers
# UNKNOWN). Then malformed models: exit 2 and file:line:column.
set -u
ZETA=${ZETA:-build/zeta}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib/quick.sh"
for f in $(quick_subset tests/btor2/*.btor2); do
  name=btor2/$(basename "$f" .btor2)
  read -r _ _ want n < <(head -1 "$f")
  out=$("$ZETA" --algorithm bmc --bound "$n" --timeout 60 --witness "$f" 2>"$tmp/err"); rc=$?
  first=$(printf '%s\n' "$out" | head -1)
  steps=$(printf '%s\n' "$out" | grep -c '^step ')
  case "$want" in
    UNSAFE) if [ "$first" = UNSAFE ] && [ "$steps" = "$n" ] && [ "$rc" = 0 ]; then echo "PASS $name"
            else echo "FAIL $name: '$first' with $steps steps (exit $rc) $(head -c 200 "$tmp/err")"; fi ;;
    NOBAD) if [ "$first" = "UNKNOWN (bound reached)" ]; then echo "PASS $name"
           else echo "FAIL $name: '$first' (exit $rc) $(head -c 200 "$tmp/err")"; fi ;;
    *) echo "FAIL $name: no expectation line" ;;
  esac
done
bad() {  # name, content, expected position
  printf "$2" >"$tmp/$1.btor2"
  "$ZETA" "$tmp/$1.btor2" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ "$rc" = 2 ] && grep -q "$tmp/$1.btor2:$3" "$tmp/err" && [ ! -s "$tmp/out" ]; then echo "PASS btor2/malformed-$1"
  else echo "FAIL btor2/malformed-$1: exit $rc, $(cat "$tmp/err")"; fi
}
bad undefined '1 sort bitvec 1\n2 bad 7\n' '2:7:'
bad sort-mismatch '1 sort bitvec 1\n2 sort bitvec 2\n3 zero 1\n4 add 2 3 3\n5 bad 3\n' '4:'
bad keyword '1 sort bitvec 1\n2 frobnicate 1 1\n' '2:3:'
bad justice '1 sort bitvec 1\n2 input 1\n3 justice 1 2\n' '3:3:'
bad const '1 sort bitvec 4\n2 const 1 10\n' '2:11:'
bad width '1 sort bitvec 4\n2 input 1\n3 bad 2\n' '3:7:'
bad twice '1 sort bitvec 1\n1 input 1\n' '2:1:'
# fuzzing: a 47-byte file with id 55555554 allocated ~1 GB of id tables
bad huge-id '1 sort bitvec 1\n55555554 input 1\n' '2:1:'
