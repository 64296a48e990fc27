# CLI basics: --help, --version, usage errors exit 2.
z=$ZETA
t() { if eval "$2"; then echo "PASS cli/$1"; else echo "FAIL cli/$1"; fi; }
t help      '$z --help | grep -q -- --timeout'
t version   '$z --version | grep -q "^zeta "'
t noinput   '$z >/dev/null 2>&1; [ $? -eq 2 ]'
t badopt    '$z --no-such-option x.cfa >/dev/null 2>&1; [ $? -eq 2 ]'
t badenum   '$z --domain FOO x.cfa 2>&1 | grep -q "expects one of"'
t badint    '$z --timeout -3 x.cfa >/dev/null 2>&1; [ $? -eq 2 ]'
t unknownext '$z foo.xyz 2>&1 | grep -q "cannot tell"'
# progress on long runs: -v prints the engines' lines on stderr (depths,
# frames, states), never on stdout; without -v nothing
progress() { $z "$@" -v 2>&1 >/dev/null; }
t progress-bmc      'progress examples/mutex.cfa --algorithm bmc | grep -q "^zeta: bmc: no violation at depth 0 (.* s CPU)"'
t progress-pdr      'progress examples/mutex.cfa --algorithm pdr | grep -q "^zeta: pdr: frame 2, "'
t progress-ic3-chc   'progress examples/sum.smt2 --algorithm ic3 | grep -q "^zeta: ic3: level 2, "'
t progress-explicit 'progress tests/tla/Counter.tla | grep -q "^zeta: explicit: 1 distinct states"'
t progress-stdout   '! $z examples/mutex.cfa --algorithm bmc -v 2>/dev/null | grep -q "^zeta:"'
t progress-quiet    '[ -z "$($z examples/mutex.cfa --algorithm bmc 2>&1 >/dev/null)" ]'
# an --export format the input's language does not write is refused with
# exit 2 and no output (regression: TLA+ and Petri nets ran the check
# instead, Horn clauses wrote VMT for cfa, a recursive program was checked)
no_export() { local out; out=$($z --timeout 20 --export "$1" "$2" 2>"$TMPDIR_CLI/err"); [ $? -eq 2 ] && [ -z "$out" ] && grep -q -- "--export $1" "$TMPDIR_CLI/err"; }
TMPDIR_CLI=$(mktemp -d)
t export-tla-refused    'no_export vmt tests/tla/Counter.tla'
t export-pnml-refused   'no_export chc examples/inhibitor.pnml'
t export-chc-cfa-refused 'no_export cfa examples/sum.smt2'
t export-sol-vmt-refused 'no_export vmt tests/sol/counter_unsafe.sol'
t export-recursive-vmt-refused 'no_export vmt tests/c/recursion.c'
t export-chc-vmt        '$z --export vmt examples/sum.smt2 | grep -q invar-property'
# an --algorithm the input's language has no engine for is refused with
# exit 2 (regression: Horn clauses and Solidity answered unknown or ran
# another engine, TLA+ printed an UNKNOWN verdict)
no_algorithm() { local out; out=$($z --timeout 20 --algorithm "$1" "$2" 2>"$TMPDIR_CLI/err"); [ $? -eq 2 ] && [ -z "$out" ] && grep -q -- "--algorithm $1 is not available" "$TMPDIR_CLI/err"; }
t algorithm-chc-refused 'no_algorithm pds examples/sum.smt2'
t algorithm-tla-refused 'no_algorithm cegar tests/tla/Counter.tla'
t algorithm-sol-refused 'no_algorithm explicit tests/sol/counter_unsafe.sol'
t algorithm-cfa-refused 'no_algorithm se-cegar examples/mutex.cfa'
t algorithm-pnml-refused 'no_algorithm imc examples/inhibitor.pnml'
rm -rf "$TMPDIR_CLI"
# Out of memory under --memlimit (allocation failures, library aborts and
# crashes of Z3/CaDiCaL at the address-space limit): one answer in the
# input's own words, never a crash, never two answers (regression: forked
# engines printed their own "unknown" to the shared stdout).
chc=$SHARED/benchmarks/chc/chc-comp24-LIA-Lin-151.smt2
aig=$SHARED/benchmarks/hwmcc/split-rast-p10b0.aag
# one_answer RE: exactly one verdict line of any format, and it matches RE
one_answer() {
  local v
  v=$(grep -E "^([012]|sat|unsat|unknown|SAFE|UNSAFE|UNKNOWN.*)$")
  [ "$(printf '%s\n' "$v" | wc -l)" -eq 1 ] && printf '%s\n' "$v" | grep -qE "$1"
}
# (not under AddressSanitizer, which cannot run inside an address-space limit)
sanitized() { nm -D "$z" 2>/dev/null | grep -q __asan_init || nm "$z" 2>/dev/null | grep -q __asan_init; }
sanitized || for m in 20 40 80; do
  t "memlimit-chc-$m" '$z --memlimit $m --timeout 10 $chc 2>/dev/null | one_answer "^(sat|unsat|unknown)$"'
  t "memlimit-hwmcc-$m" '$z --format hwmcc --memlimit $((m + 40)) --timeout 5 $aig 2>/dev/null | one_answer "^[012]$"'
done
# --bound stops BMC and k-induction on every route, not only the
# transition-system inputs (regression: the Horn-clause and
# Solidity routes ignored it and ran to the time limit).
t bound-chc-bmc   'timeout 20 $z --algorithm bmc --bound 5 -v examples/sum.smt2 2>&1 | grep -q "bound reached"'
t bound-chc-kind  'timeout 20 $z --algorithm kind --bound 5 -v examples/sum.smt2 2>&1 | grep -q "bound reached"'
# a crash inside Z3's Spacer (tree interpolants of the CEGAR refinement) is
# an unknown answer, not a dead zeta (regression: segmentation fault)
t spacer-crash-isolated 'timeout 60 $z --algorithm cegar --timeout 20 tests/chc/spacer-tree-crash.smt2 2>/dev/null | one_answer "^(sat|unknown)$"'
# the same system with Spacer as the engine (regression: it ran in process
# and the segmentation fault ended zeta with no answer)
t spacer-engine-crash-isolated 'timeout 60 $z --algorithm spacer --timeout 20 tests/chc/spacer-tree-crash.smt2 2>/dev/null | one_answer "^(sat|unknown)$"'
# Z3 on the input file cancelled at its slice's deadline (regression:
# "terminate called after throwing an instance of 'rewriter_exception'"
# ended zeta with exit 3 in about 1 of 40 runs like these): 32 runs, 8 at
# a time, each with one answer and never exit 3
cancel_runs() {
  local r i bad=0
  for r in 1 2 3 4; do
    for i in 1 2 3 4 5 6 7 8; do
      ( out=$(timeout 30 $z --timeout $((1 + i % 3)) tests/chc/spacer-file-cancel.smt2 2>/dev/null); rc=$?
        [ $rc -ne 3 ] && printf '%s\n' "$out" | one_answer "^(unsat|unknown)$" || echo bad ) &
    done
    wait
  done | grep -c bad | grep -q '^0$'
}
sanitized || t spacer-file-cancel 'cancel_runs'
# any other crash: one answer line, UNKNOWN (internal error: crash), exit 3
# (the sanitizers keep their own crash reports)
crash_answer() {
  printf 'var x : int\nmain process main {\n init loc A\n loc B\n error loc E\n A -> B { x := 0 }\n B -> B { x := x + 1 }\n B -> E { assume (x < 0) }\n}\n' > "$1.cfa"
  $z --algorithm bmc --timeout 60 $2 "$1.cfa" > "$1.out" 2>/dev/null &
  local pid=$! rc
  sleep 1
  kill -SEGV $pid
  wait $pid
  rc=$?
  rm -f "$1.cfa"
  [ $rc -eq 3 ]
}
crash_tmp=$(mktemp)
sanitized || t crash-answer 'crash_answer "$crash_tmp" && one_answer "^UNKNOWN \(internal error: crash\)$" < "$crash_tmp.out"'
sanitized || t crash-answer-json 'crash_answer "$crash_tmp" --json && grep -q "\"exit\":3" "$crash_tmp.out"'
rm -f "$crash_tmp" "$crash_tmp.out"
