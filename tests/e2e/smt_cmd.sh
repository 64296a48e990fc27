# zeta smt: check-sat answers against z3 on tests/smt/*.smt2 with both
# backends; malformed scripts exit 2 with file:line:column and no verdict;
# get-interpolant results re-checked by cvc5 (implications and shared
# symbols) for every file in tests/smt/itp.
z=$ZETA
dir=tests/smt
cvc5_backend='smtlib:cvc5 --incremental --lang smt2'
. "$(dirname "$0")/lib/quick.sh"
pass() { echo "PASS smt/$1"; }
fail() { echo "FAIL smt/$1${2:+: $2}"; }
verdicts() { grep -E '^(sat|unsat|unknown)$' | tr '\n' ' '; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

for f in $(quick_subset "$dir"/*.smt2); do
  name=$(basename "$f" .smt2)
  want=$(z3 "$f" 2>/dev/null | verdicts)
  for backend in z3 "$cvc5_backend"; do
    tag=$name/${backend%% *}
    got=$(timeout 60 "$z" smt --backend "$backend" "$f" 2>"$tmp/err" | verdicts)
    if [ -n "$want" ] && [ "$got" = "$want" ]; then pass "$tag"; else fail "$tag" "got '$got', z3 says '$want' $(head -c 200 "$tmp/err")"; fi
  done
done

# models and values are printed in SMT-LIB
out=$("$z" smt "$dir/uf.smt2")
if echo "$out" | grep -q '^  (define-fun f ((x!0 Int)) Int' && echo "$out" | grep -q '^  (define-fun x () Int'; then
  pass model; else fail model "$out"; fi
out=$("$z" smt "$dir/bigint.smt2" | sed -n 2p)
if [ "$out" = "((x 115792089237316195423570985008687907853269984665640564039457584007913129639935)" ]; then
  pass get-value; else fail get-value "$out"; fi
out=$("$z" smt "$dir/let_named.smt2" | tail -n 1)
if [ "$out" = "end of script" ]; then pass echo-exit; else fail echo-exit "$out"; fi

# malformed input: exit 2, "file:line:column: ..." on stderr, nothing on stdout
for f in "$dir"/bad/*.smt2; do
  name=bad/$(basename "$f" .smt2)
  expect=$(sed -n '1s/^; expect: //p' "$f")
  "$z" smt "$f" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF "$f:$expect" "$tmp/err"; then pass "$name"
  else fail "$name" "rc=$rc stdout=$(head -c 100 "$tmp/out") stderr=$(head -c 200 "$tmp/err")"; fi
done
"$z" smt "$dir/no-such-file.smt2" >/dev/null 2>&1
if [ $? -eq 2 ]; then pass missing-file; else fail missing-file; fi

# interpolants: F1 => I1, I(k-1) & Fk => Ik, I(n-1) & Fn unsat, checked by cvc5;
# symbols of Ik shared by F1..Fk and Fk+1..Fn
check_itp() {  # file strategy
  local f=$1 st=$2 tag=itp/$(basename "$1" .smt2)/$2
  local names n
  names=$(sed -n 's/^(get-interpolant \(.*\))$/\1/p' "$f")
  n=$(echo "$names" | wc -w)
  if grep -q '^; formulas: ' "$f"; then n=$(sed -n 's/^; formulas: //p' "$f"); fi
  timeout 120 "$z" smt --itp "$st" "$f" >"$tmp/itp" 2>"$tmp/err"
  if [ "$(grep -c . "$tmp/itp")" -ne $((n - 1)) ] || grep -q '^(error' "$tmp/itp"; then
    fail "$tag" "expected $((n - 1)) interpolants: $(head -c 300 "$tmp/itp") $(head -c 200 "$tmp/err")"; return
  fi
  if ! grep -q '^(define-fun A1 ' "$f"; then pass "$tag"; return; fi   # :named form: count only
  {
    echo "(set-logic ALL)"
    grep -E '^\((declare|define)-' "$f"
    echo "(define-fun I0 () Bool true)"
    local k=1
    while IFS= read -r line; do echo "(define-fun I$k () Bool $line)"; k=$((k + 1)); done <"$tmp/itp"
    echo "(define-fun I$n () Bool false)"
    for k in $(seq 1 "$n"); do
      echo "(push 1)(assert (and I$((k - 1)) A$k (not I$k)))(check-sat)(pop 1)"
    done
  } >"$tmp/check.smt2"
  local res; res=$(cvc5 --incremental --lang smt2 "$tmp/check.smt2" 2>&1 | tr '\n' ' ')
  local want; want=$(for k in $(seq 1 "$n"); do printf 'unsat '; done)
  if [ "$res" != "$want" ]; then fail "$tag" "cvc5: $res"; return; fi
  # shared symbols
  local decl; decl=$(sed -n 's/^(declare-\(const\|fun\) \([^ ]*\) .*/\2/p' "$f")
  local k=1 bad=""
  while IFS= read -r line; do
    for s in $(echo "$line" | tr '() ' '\n\n\n' | grep -vE '^$' | sort -u); do
      echo "$decl" | grep -qxF -- "$s" || continue
      local left=0 right=0 j
      for j in $(seq 1 "$n"); do
        if grep -E "^\(define-fun A$j " "$f" | tr '() ' '\n\n\n' | grep -qxF -- "$s"; then
          if [ "$j" -le "$k" ]; then left=1; else right=1; fi
        fi
      done
      [ $left -eq 1 ] && [ $right -eq 1 ] || bad="$bad I$k:$s"
    done
    k=$((k + 1))
  done <"$tmp/itp"
  if [ -n "$bad" ]; then fail "$tag" "symbols not shared:$bad"; else pass "$tag"; fi
}
for f in $(quick_subset "$dir"/itp/*.smt2); do
  for st in auto spacer mbp; do check_itp "$f" "$st"; done
done
