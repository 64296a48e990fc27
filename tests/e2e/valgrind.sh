#!/usr/bin/env bash
# valgrind's memcheck on a sample of inputs, one per input format (issue
# 20): no invalid read or write, no definitely lost block in zeta's own code
# (Z3's and the other libraries' reachable memory is not counted), in the
# forked engine and interpolation children too (not in programs they
# execute: node for Solidity, clang for C's execution check). Runs the non-sanitized
# build (memcheck and AddressSanitizer do not mix): build/zeta, or $ZETA
# when that is not a sanitized binary. Under `make check` two inputs, under
# the quick mode of `make sanitize-check` the whole sample.
set -u
cd "$(dirname "$0")/../.."
. tests/e2e/lib/quick.sh
z=$PWD/build/zeta
case "${BUILD:-build}" in *san*) ;; *) z=$ZETA ;; esac
if [ ! -x "$z" ]; then echo "FAIL valgrind/binary ($z missing: run make check first)"; exit 0; fi
S=${SHARED:-../shared}/benchmarks
sample=(
  "cfa|--algorithm cegar examples/mutex.cfa"
  "cfa-portfolio|tests/tasks/mutex.yml"
  "chc|--algorithm own examples/sum.smt2"
  "vmt|--algorithm kind tests/vmt/counter-unsafe.vmt"
  "aiger|--algorithm ic3 tests/aiger/toggle-unsafe.aag"
  "btor2|--algorithm bmc tests/btor2/counter.btor2"
  "pnml|--algorithm se-cegar examples/inhibitor.pnml --formula examples/inhibitor-queries.xml"
  "smt|smt examples/interpolants.smt2"
  "json|--json --algorithm pdr examples/overflow.cfa"
  "tla|tests/tla/Counter.tla"
  "sol|tests/sol/counter_unsafe.sol"
  "proc|--algorithm pds examples/pds/xeqy.cfa"
)
# C is left out: libclang's parse alone takes minutes under memcheck (and
# dlopen's rpath handling trips memcheck's strncmp false positive in ld.so)
quick || sample=("${sample[0]}" "${sample[4]}")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for s in "${sample[@]}"; do
  name=${s%%|*} args=${s#*|}
  # shellcheck disable=SC2086
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --error-exitcode=99 \
    --log-file="$tmp/$name.%p.log" "$z" --timeout 60 $args > "$tmp/$name.out" 2>/dev/null
  rc=$?
  errs=$(cat "$tmp/$name".*.log 2>/dev/null | grep -cE 'Invalid (read|write)|definitely lost|uninitialised|Mismatched')
  if [ "$rc" -le 1 ] && [ "$errs" = 0 ] && [ -s "$tmp/$name.out" ]; then echo "PASS valgrind/$name"
  else echo "FAIL valgrind/$name (exit $rc, $errs reports)"; cat "$tmp/$name".*.log | head -n 30; fi
done
