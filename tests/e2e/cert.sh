# Certificates (zeta validate --certify, zeta check-cert; docs/CERT.md):
# a disjunctive model with a real propositional proof is certified and its
# certificate checks; corrupted certificates (perturbed multiplier, swapped
# literal sign, dropped literal, dropped proof, truncation, a removed lemma,
# another model) are rejected; a wrong model is reported violated;
# --certify on CFA (CEGAR, PDR), VMT (PDR, k-induction), AIGER (IC3 and
# k-induction witness circuits) and
# Horn-clause runs; on a few
# Horn-clause tasks zeta's own sat models are certified and check-cert
# confirms as many clauses as the certifier certified (clauses without a
# certificate are unknown to the checker, whatever the certifier claimed).
z=$ZETA
d=$(dirname "$0")/cert
. "$(dirname "$0")/lib/quick.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
C=$tmp/phase.cert

out=$("$z" validate --certify --cert "$C" "$d/phase.smt2" "$d/phase.model" 2>&1); rc=$?
case "$out" in *"model certified (3 certified"*) [ $rc -eq 0 ] && echo "PASS cert/certify" || echo "FAIL cert/certify (exit $rc)" ;;
  *) echo "FAIL cert/certify ($out)" ;; esac
out=$("$z" check-cert "$d/phase.smt2" "$d/phase.model" "$C" 2>&1); rc=$?
case "$out" in *"model certified (3 certified"*) [ $rc -eq 0 ] && echo "PASS cert/check" || echo "FAIL cert/check (exit $rc)" ;;
  *) echo "FAIL cert/check ($out)" ;; esac
grep -q '^lemma farkas' "$C" && grep -A1 '^proof' "$C" | tail -1 | grep -q ' 0$' \
  && echo "PASS cert/has-farkas-and-proof" || echo "FAIL cert/has-farkas-and-proof"

# rejected: name, then an awk program turning the certificate into a corrupted one
reject() {
  awk "$2" "$C" >"$tmp/bad.cert"
  if cmp -s "$C" "$tmp/bad.cert"; then echo "FAIL cert/reject/$1 (corruption did not apply)"; return; fi
  out=$("$z" check-cert "$d/phase.smt2" "$d/phase.model" "$tmp/bad.cert" 2>&1); rc=$?
  # a wrong certificate: rejected (exit 1); a malformed one: positioned error (exit 2)
  case "$rc:$out" in "1:certificate rejected: "*|"2:$tmp/bad.cert:"[0-9]*:[0-9]*": "*) echo "PASS cert/reject/$1" ;;
    *) echo "FAIL cert/reject/$1 (exit $rc: $out)" ;; esac
}
# in clause 2's first Farkas lemma, the first multiplier 1 -> 3
reject multiplier '/^clause 2/{c=1} c && /^lemma farkas/ && !d {print; getline; $2 = "3"; print " " $0; d=1; next} {print}'
# the first literal of clause 2's first Farkas lemma negated
reject sign '/^clause 2/{c=1} c && /^lemma farkas/ && !d {print; getline; $1 = -$1; print " " $0; d=1; next} {print}'
# a literal dropped from clause 2's first two-literal lemma
reject dropped-literal '/^clause 2/{c=1} c && /^lemma fm 2$/ && !d {print "lemma fm 1"; getline; d=1; next} {print}'
# clause 2's proof replaced by the empty clause alone
reject dropped-proof '/^clause 2/{c=1} c && /^proof/ && !d {print; print "0"; d=1; s=1; next} s && /^end/ {s=0} !s {print}'
# truncated
reject truncated 'NR <= 30'
# clause 2's first Farkas lemma removed
reject removed-lemma '/^clause 2/{c=1} c && /^lemma farkas 4/ && !d {getline; getline; getline; getline; d=1; next} {print}'
# a coefficient of a linear form changed
reject form '/^clause 2/{c=1} c && /^lemma farkas/ && !d {print; getline; $NF = $NF * 2; print " " $0; d=1; next} {print}'

# the certificate of one model does not certify another
sed 's/(= x (+ y 1))/(= x (+ y 2))/' "$d/phase.model" >"$tmp/other.model"
out=$("$z" check-cert "$d/phase.smt2" "$tmp/other.model" "$C" 2>&1)
case "$out" in "certificate rejected: "*) echo "PASS cert/reject/other-model" ;; *) echo "FAIL cert/reject/other-model ($out)" ;; esac
# a wrong model is violated, never certified
out=$("$z" validate --certify "$d/phase.smt2" "$tmp/other.model" 2>&1); rc=$?
case "$out" in *"invalid: violated"*) [ $rc -eq 1 ] && echo "PASS cert/violated" || echo "FAIL cert/violated (exit $rc)" ;;
  *) echo "FAIL cert/violated ($out)" ;; esac
# --solvers: every listed solver must answer unsat per clause
out=$("$z" validate --solvers z3,cvc5 "$d/phase.smt2" "$d/phase.model" 2>&1); rc=$?
case "$rc:$out" in "0:valid (3 clauses; every one of z3,cvc5"*) echo "PASS cert/solvers" ;; *) echo "FAIL cert/solvers (exit $rc: $out)" ;; esac
out=$("$z" validate --solvers z3,cvc5 "$d/phase.smt2" "$tmp/other.model" 2>&1); rc=$?
case "$rc:$out" in 1:*"[z3]"*"[smtlib:cvc5"*"invalid"*) echo "PASS cert/solvers-invalid" ;; *) echo "FAIL cert/solvers-invalid (exit $rc: $out)" ;; esac
# bad input: a positioned error, exit 2
printf 'zeta-cert 1\nclauses 3\nclause 1 certified\nlemma bogus\n' >"$tmp/garbage.cert"
out=$("$z" check-cert "$d/phase.smt2" "$d/phase.model" "$tmp/garbage.cert" 2>&1); rc=$?
case "$rc:$out" in "2:$tmp/garbage.cert:4:7: "*) echo "PASS cert/garbage" ;; *) echo "FAIL cert/garbage (exit $rc: $out)" ;; esac

# --certify on verification runs: CFA location invariants (CEGAR, PDR, the
# portfolio, which then leaves out k-induction and BMC), a
# transition-system invariant (VMT), a Horn-clause model (a comment line)
for a in cegar pdr portfolio; do
  out=$(timeout 60 "$z" --algorithm $a --timeout 20 --certify "$SHARED/benchmarks/cfa/seed-countdown.cfa" 2>&1)
  case "$out" in "SAFE"*"certified: location invariants"*) echo "PASS cert/cfa/$a" ;; *) echo "FAIL cert/cfa/$a ($out)" ;; esac
done
"$z" --export vmt "$SHARED/benchmarks/cfa/seed-countdown.cfa" >"$tmp/c.vmt" 2>/dev/null
out=$(timeout 60 "$z" --algorithm pdr --timeout 20 --certify "$tmp/c.vmt" 2>&1)
case "$out" in "SAFE"*"certified: invariant"*) echo "PASS cert/vmt" ;; *) echo "FAIL cert/vmt ($out)" ;; esac
# a k-induction proof (mutex is 2-inductive with one step per edge; large
# blocks with hoisted errors make it 1-inductive): base and step certified
"$z" --encoding SBE --export vmt "$(dirname "$0")/../../examples/mutex.cfa" >"$tmp/mutex.vmt" 2>/dev/null
out=$(timeout 60 "$z" --algorithm kind --timeout 20 --certify "$tmp/mutex.vmt" 2>&1)
case "$out" in "SAFE"*"certified: "*"-induction"*) echo "PASS cert/kind" ;; *) echo "FAIL cert/kind ($out)" ;; esac
timeout 60 "$z" --certify --model --timeout 20 "$d/phase.smt2" >"$tmp/phase.out" 2>&1
if head -1 "$tmp/phase.out" | grep -q '^sat$' && grep -q '^; certified: model' "$tmp/phase.out" \
   && "$z" validate "$d/phase.smt2" "$tmp/phase.out" >/dev/null 2>&1; then echo "PASS cert/chc-run"
else echo "FAIL cert/chc-run ($(tr '\n' ' ' <"$tmp/phase.out" | head -c 300))"; fi

# quantifier elimination of printed models: Q is inlined (an existential
# definition before elimination); the printed model is quantifier-free,
# validates and is certified
timeout 60 "$z" --certify --model --timeout 20 "$d/inlined.smt2" >"$tmp/inl.out" 2>&1
if head -1 "$tmp/inl.out" | grep -q '^sat$' && grep -q 'define-fun Q' "$tmp/inl.out" && ! grep -q 'exists\|forall' "$tmp/inl.out" \
   && grep -q '^; certified: model' "$tmp/inl.out" && "$z" validate "$d/inlined.smt2" "$tmp/inl.out" >/dev/null 2>&1; then
  echo "PASS cert/chc-qe"
else echo "FAIL cert/chc-qe ($(tr '\n' ' ' <"$tmp/inl.out" | head -c 300))"; fi

# an AIGER circuit's IC3 invariant as a witness circuit (HWMCC certification track)
f=$SHARED/benchmarks/hwmcc/split-float_req_bl_1071b0.aag
out=$(timeout 120 "$z" --algorithm ic3 --timeout 60 --certify --witness-file "$tmp/w.aag" "$f" 2>&1)
case "$out" in "SAFE"*"certified: witness circuit"*) echo "PASS cert/aiger" ;; *) echo "FAIL cert/aiger ($out)" ;; esac
# the witness circuit: the model's header extended by the invariant's gates and one bad-state property
if head -1 "$tmp/w.aag" | grep -q '^aag [0-9]* [0-9]* [0-9]* 0 [0-9]* 1' && grep -q '^WITNESS b0' "$tmp/w.aag"; then
  echo "PASS cert/aiger-witness-file"
else echo "FAIL cert/aiger-witness-file ($(head -1 "$tmp/w.aag"))"; fi

# k-induction answers of the default portfolio carry a witness circuit too
# (history slots); the written witness is re-checked independently of the
# certifier: its property is 1-inductive (kind-bit proves it with k = 1 on
# the unreduced witness), and it keeps the model's inputs with more latches.
# a16-p085: kind-bit's 2-induction on the reduced circuit (14 constant
# latches), the witness for the original circuit.
for t in a16-p085b0 sw_ball2004_2b0; do
  f=$SHARED/benchmarks/hwmcc/split-$t.aag
  out=$(timeout 120 "$z" --timeout 60 --certify --witness-file "$tmp/k.aag" "$f" 2>&1)
  case "$out" in "SAFE"*"certified: witness circuit"*) echo "PASS cert/aiger-portfolio/$t" ;;
    *) echo "FAIL cert/aiger-portfolio/$t ($out)" ;; esac
  out=$(ZETA_HW_PORTFOLIO=kind-bit timeout 120 "$z" --timeout 60 --certify --witness-file "$tmp/k.aag" "$f" 2>&1)
  case "$out" in "SAFE"*"certified: witness circuit of "*"-induction"*) echo "PASS cert/aiger-kind/$t" ;;
    *) echo "FAIL cert/aiger-kind/$t ($out)" ;; esac
  set -- $(head -1 "$f"); mi=$3 ml=$4
  set -- $(head -1 "$tmp/k.aag"); wi=$3 wl=$4
  k1=$(ZETA_HW_PORTFOLIO=kind-bit timeout 60 "$z" --no-reduce --stats --timeout 30 "$tmp/k.aag" 2>&1)
  if [ "$wi" = "$mi" ] && [ "$wl" -gt "$ml" ] && grep -q '^WITNESS b0' "$tmp/k.aag" && \
     echo "$k1" | grep -q '^SAFE' && echo "$k1" | grep -q '^k: 1$'; then echo "PASS cert/aiger-kind-witness/$t"
  else echo "FAIL cert/aiger-kind-witness/$t (model $mi/$ml, witness $wi/$wl; $(echo "$k1" | head -3 | tr '\n' ' '))"; fi
done

# no witness circuit for k-induction with simple-path constraints: said so,
# base and step certified in process, the witness file keeps the result format
f=$SHARED/benchmarks/hwmcc/split-sw_ball2004_2b0.aag
out=$(timeout 120 "$z" --algorithm kind --simple-path --timeout 60 --certify --witness-file "$tmp/s.txt" "$f" 2>&1)
case "$out" in "SAFE"*"certificate: none (no witness circuit: simple-path"*"certified in process)"*)
    if [ "$(head -1 "$tmp/s.txt")" = 0 ]; then echo "PASS cert/aiger-simple-path"; else echo "FAIL cert/aiger-simple-path (witness file $(head -1 "$tmp/s.txt"))"; fi ;;
  *) echo "FAIL cert/aiger-simple-path ($out)" ;; esac

# zeta's own models of a few Horn-clause tasks
dir=$SHARED/benchmarks/chc
tasks="seed-inv-bound chc-comp24-LIA-Lin-059 chc-comp24-LIA-148 chc-comp24-LIA-Lin-127 chc-comp24-LIA-Lin-213 chc-comp24-LIA-Lin-Arrays-002"
for b in $(quick_subset $tasks); do
  f=$dir/$b.smt2
  [ -f "$f" ] || { echo "FAIL cert/task/$b (missing)"; continue; }
  timeout 30 "$z" --model --timeout 10 "$f" >"$tmp/m" 2>/dev/null
  if [ "$(head -1 "$tmp/m")" != sat ]; then echo "PASS cert/task/$b (no sat model: $(head -1 "$tmp/m"))"; continue; fi
  v=$(timeout 120 "$z" validate --certify --timeout 20 --cert "$tmp/c" "$f" "$tmp/m" 2>&1 | tail -1)
  c=$(timeout 60 "$z" check-cert "$f" "$tmp/m" "$tmp/c" 2>&1 | tail -1)
  # the checker confirms exactly the clauses the certifier certified
  nv=$(echo "$v" | sed -n 's/.*(\([0-9]*\) certified.*/\1/p'); nc=$(echo "$c" | sed -n 's/.*(\([0-9]*\) certified.*/\1/p')
  case "$v" in
    "model certified"*|"model validated"*)
      if [ -n "$nv" ] && [ "$nv" = "$nc" ]; then echo "PASS cert/task/$b ($v)"; else echo "FAIL cert/task/$b (certifier: $v; checker: $c)"; fi ;;
    *) echo "FAIL cert/task/$b ($v)" ;;
  esac
done
