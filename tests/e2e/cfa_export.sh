# zeta --export chc on every CFA task: the Horn clauses must parse in Z3 and
# Spacer's answer on them must agree with the task's verdict (sat = safe,
# unsat = unsafe) or be unknown; zeta's own CHC front end must read them too.
z=$ZETA
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for f in "$SHARED"/benchmarks/cfa/*.cfa; do
  name=$(basename "$f" .cfa)
  expected=$(sed -n 's/.*expected_verdict: *//p' "${f%.cfa}.yml")
  if ! "$z" "$f" --export chc >"$tmp/c.smt2" 2>"$tmp/err"; then
    echo "FAIL cfa_export/$name: export failed: $(head -c 200 "$tmp/err")"; continue
  fi
  r=$(timeout 10 z3 -T:5 "$tmp/c.smt2" 2>&1 | head -n 1)
  case "$expected/$r" in
    true/sat|false/unsat|*/unknown|*/timeout|*/) ok=1 ;;
    *) ok=0 ;;
  esac
  own=$(timeout 20 "$z" "$tmp/c.smt2" --algorithm own --timeout 3 2>/dev/null | head -n 1)
  case "$expected/$own" in
    true/sat|false/unsat|*/unknown) ;;
    *) ok=0 ;;
  esac
  if [ "$ok" = 1 ]; then echo "PASS cfa_export/$name ($r, own: $own)"
  else echo "FAIL cfa_export/$name: expected $expected, z3 said '$r', zeta said '$own'"; fi
done
