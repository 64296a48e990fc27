#!/usr/bin/env bash
# Limits under load (issue 20): 2 x cores zeta runs at once on mixed inputs,
# some with a --memlimit below what they need, some with --timeout 1, in
# several output conventions (plain, --json, CHC words, HWMCC witness, MCC
# lines). Every run must end with a verdict or an unknown answer in the
# requested convention, complete and not mixed with another run's output,
# within its time limit plus the hard stop's grace, and leave no process
# behind (each run is the leader of its own session).
set -u
cd "$(dirname "$0")/../.."
z=$ZETA
S=${SHARED:-../shared}/benchmarks
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
par=$(( 2 * $(nproc) ))
# name | expected convention | arguments
runs=(
  "cfa-json|json|--json --timeout 10 examples/mutex.cfa"
  "cfa-timeout|plain|--timeout 1 --algorithm bmc tests/vmt/counter-safe.vmt"
  "cfa-mem|plain|--memlimit 40 --timeout 10 examples/overflow.cfa"
  "chc-words|chc|--timeout 10 examples/sum.smt2"
  "chc-timeout|chc|--timeout 1 $S/chc/chc-comp24-LIA-Lin-184.smt2"
  "chc-mem|chc|--memlimit 60 --timeout 10 $S/chc/chc-comp24-LIA-Lin-184.smt2"
  "chc-json-timeout|json|--json --timeout 1 $S/chc/chc-comp24-LIA-Lin-184.smt2"
  "aiger-hwmcc|hwmcc|--format hwmcc --timeout 10 tests/aiger/toggle-unsafe.aag"
  "aiger-hwmcc-mem|hwmcc|--format hwmcc --memlimit 30 --timeout 10 tests/aiger/stuck-safe.aag"
  "vmt-kind|plain|--timeout 10 --algorithm kind tests/vmt/counter-unsafe.vmt"
  "vmt-json-mem|json|--json --memlimit 30 --timeout 10 tests/vmt/two-counters-safe.vmt"
  "petri|mcc|--timeout 5 examples/inhibitor.pnml --formula examples/inhibitor-queries.xml"
  "petri-timeout|mcc|--timeout 1 --algorithm pdr $S/petri/seed-fig18.pnml --formula $S/petri/seed-fig18-01.xml"
  "btor2|plain|--timeout 5 tests/btor2/counter.btor2"
  "task|plain|--timeout 10 tests/tasks/mutex.yml"
  "cfa-portfolio-timeout|plain|--timeout 1 $S/cfa/seed-parity.cfa"
)
# AddressSanitizer reserves terabytes of address space: no memory limit
# under a sanitized build (the *-mem runs run under make check)
case "${BUILD:-build}" in *san*)
  keep=(); for r in "${runs[@]}"; do [[ ${r%%|*} == *-mem* ]] || keep+=("$r"); done; runs=("${keep[@]}") ;;
esac
well_formed() {  # convention, output file: one complete answer
  local first; first=$(head -n 1 "$2")
  case $1 in
    plain) [[ $first =~ ^(SAFE|UNSAFE|UNKNOWN\ \(.*\))$ ]] ;;
    chc) [[ $first =~ ^(sat|unsat|unknown)$ ]] ;;
    hwmcc) [[ $first =~ ^[012]$ ]] && [ "$(sed -n 2p "$2")" = b0 ] && [ "$(tail -n 1 "$2")" = . ] ;;
    mcc) ! grep -qv '^FORMULA ' "$2" && [ -s "$2" ] ;;
    json) [ "$(wc -l < "$2")" = 1 ] && tests/json_check.py < "$2" 2>/dev/null ;;
  esac
}
run_one() {  # index: runs the job in its own session, records exit, time and leftovers
  local name conv args; IFS='|' read -r name conv args <<< "${runs[$1]}"
  local t0; t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  setsid sh -c 'echo $$ > "$0"; exec "$@"' "$tmp/$1.pid" "$z" $args > "$tmp/$1.out" 2> "$tmp/$1.err"
  echo $? > "$tmp/$1.rc"
  echo "$(date +%s.%N) - $t0" | bc > "$tmp/$1.time"
}
export -f run_one; export z tmp
idx=$(seq 0 $(( ${#runs[@]} - 1 )))
# two rounds of every job, par at a time
for round in 1 2; do
  printf '%s\n' $idx | xargs -P "$par" -I{} bash -c "$(declare -p runs); run_one {}"
  for i in $idx; do
    IFS='|' read -r name conv args <<< "${runs[$i]}"
    rc=$(cat "$tmp/$i.rc"); t=$(cat "$tmp/$i.time")
    limit=$(echo "$args" | sed -n 's/.*--timeout \([0-9]*\).*/\1/p')
    sid=$(cat "$tmp/$i.pid" 2>/dev/null); left=""
    # the losers of a portfolio die with their parent (SIGKILL, PR_SET_PDEATHSIG): allow them a moment
    for _ in 1 2 3 4 5 6 7 8 9 10; do left=$( [ -n "$sid" ] && pgrep -s "$sid"); [ -z "$left" ] && break; sleep 0.3; done
    if [ -n "$left" ]; then echo "FAIL load/$name-$round: processes left behind: $(ps -o args= -p "$(echo $left | tr ' ' ,)" | head -c 300)"; pkill -9 -s "$sid"
    elif [ "$rc" -gt 1 ]; then echo "FAIL load/$name-$round: exit $rc: $(head -c 200 "$tmp/$i.err")"
    elif ! well_formed "$conv" "$tmp/$i.out"; then echo "FAIL load/$name-$round: not a complete $conv answer: $(head -c 200 "$tmp/$i.out")"
    elif [ "$(echo "$t > $limit + 2 + $limit / 10 + 3" | bc)" = 1 ]; then echo "FAIL load/$name-$round: took $t s for --timeout $limit"
    else echo "PASS load/$name-$round (exit $rc, $(printf %.1f "$t") s)"; fi
  done
done
