#!/usr/bin/env bash
# The process portfolio (src/cli/portfolio.c) on CFA input: the default
# --algorithm portfolio gives the expected verdict or UNKNOWN with validated
# evidence on the CFA tasks; --timeout bounds the whole race and leaves no
# engine process behind; --invariant prefers an engine that has one.
set -u
ZETA=${ZETA:-build/zeta}
SHARED=${SHARED:-../shared}
. "$(dirname "$0")/lib/quick.sh"
DIR=$SHARED/benchmarks/cfa
T=${PORTFOLIO_TIMEOUT:-5}
[ -d "$DIR" ] || { echo "PASS portfolio-skipped (no $DIR)"; exit 0; }
for y in $(quick_subset "$DIR"/*.yml); do
  f=${y%.yml}.cfa; t=$(basename "$f" .cfa)
  case $(grep -m1 expected_verdict "$y" | awk '{print $2}') in true) exp=SAFE ;; false) exp=UNSAFE ;; *) continue ;; esac
  out=$(timeout $((T + 10)) "$ZETA" --timeout "$T" --validate --stats "$f" 2>/dev/null); rc=$?
  v=$(printf '%s\n' "$out" | head -n 1)
  case $v in
    "$exp")
      if [ "$rc" = 0 ] && { [ "$exp" = UNSAFE ] && printf '%s\n' "$out" | grep -q '^counterexample (' || [ "$exp" = SAFE ]; } &&
         printf '%s\n' "$out" | grep -q '^portfolio-winner: '; then echo "PASS portfolio/$t ($v)"
      else echo "FAIL portfolio/$t ($v without evidence or stats, exit $rc)"; fi ;;
    "UNKNOWN (internal"*) echo "FAIL portfolio/$t ($v)" ;;
    UNKNOWN*) [ "$rc" = 1 ] && echo "PASS portfolio/$t ($v)" || echo "FAIL portfolio/$t (exit $rc)" ;;
    *) echo "FAIL portfolio/$t (got '$v', expected $exp, exit $rc)" ;;
  esac
done
# --timeout bounds the race: seed-parity is out of reach of every engine
marker=zeta-portfolio-e2e-$$
s=$(date +%s)
out=$(exec -a "$marker" "$ZETA" --timeout 2 "$DIR/seed-parity.cfa" 2>/dev/null | head -n 1)
e=$(( $(date +%s) - s ))
sleep 1
case $out in
  "UNKNOWN ("*) [ "$e" -le 8 ] && echo "PASS portfolio-timeout ($out, ${e}s)" || echo "FAIL portfolio-timeout (${e}s)" ;;
  SAFE) echo "PASS portfolio-timeout (solved)" ;;
  *) echo "FAIL portfolio-timeout ($out)" ;;
esac
if pgrep -f "^$marker" >/dev/null; then echo "FAIL portfolio-no-leftovers"; else echo "PASS portfolio-no-leftovers"; fi
# --invariant: a SAFE answer carries a per-location invariant
out=$("$ZETA" --timeout 20 --invariant "$DIR/seed-countdown.cfa" 2>/dev/null)
if printf '%s\n' "$out" | head -n 1 | grep -q '^SAFE$' && printf '%s\n' "$out" | grep -q '^(define-fun inv_'; then
  echo "PASS portfolio-invariant"; else echo "FAIL portfolio-invariant"; fi
# an engine choice the portfolio does not know is ignored, the rest still run
out=$(ZETA_CFA_PORTFOLIO=nope,bmc "$ZETA" --timeout 20 "$DIR/seed-double-loop-deep.cfa" 2>/dev/null | head -n 1)
[ "$out" = UNSAFE ] && echo "PASS portfolio-bmc-deep" || echo "FAIL portfolio-bmc-deep ($out)"
exit 0
