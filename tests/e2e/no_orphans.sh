# A zeta process killed with SIGKILL (as benchmark runners and BenchExec do
# on timeouts) must not leave solver or engine children running: they die
# with their parent (PR_SET_PDEATHSIG), even those in their own process
# group. zeta runs as the leader of a new session, so that every
# descendant can be found by session id.
z=$ZETA
bench=$SHARED/benchmarks
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() {  # name, zeta arguments...
  local name=$1; shift
  rm -f "$tmp/pid"
  setsid sh -c 'echo $$ > "$0"; exec "$@"' "$tmp/pid" "$z" "$@" >/dev/null 2>&1 &
  sleep 2.5
  local sid; sid=$(cat "$tmp/pid" 2>/dev/null)
  [ -n "$sid" ] || { echo "FAIL no_orphans/$name: zeta did not start"; return; }
  local before; before=$(pgrep -s "$sid" | wc -l)
  kill -9 "$sid" 2>/dev/null
  local left=""
  for i in 1 2 3 4 5 6 7 8 9 10; do
    left=$(pgrep -s "$sid")
    [ -z "$left" ] && break
    sleep 0.3
  done
  if [ -n "$left" ]; then
    echo "FAIL no_orphans/$name: left running: $(ps -o args= -p "$(echo $left | tr ' ' ,)")"
    pkill -9 -s "$sid"
  elif [ "$before" -lt 2 ]; then
    echo "FAIL no_orphans/$name: expected zeta to have children at the kill (had $before processes)"
  else
    echo "PASS no_orphans/$name ($before processes killed)"
  fi
}
# a Spacer child forked by the CHC portfolio, on a task neither side solves
# within the wait (LIA-Lin-184: neither zeta nor z3 solves it in 20 s; pick
# another such task if zeta learns to); an SMT-LIB solver subprocess (its
# own process group)
check chc-portfolio "$bench/chc/chc-comp24-LIA-Lin-184.smt2" --timeout 60
check smtlib-backend smt --backend "smtlib:cvc5 --lang smt2" "$(dirname "$0")/factor.smt2"
