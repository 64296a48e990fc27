#!/bin/bash
# Certification against plain validation on Horn-clause models
# (docs/STATUS-cert.md): for each task, zeta's model (--model, TIMEOUT
# seconds), then `zeta validate --certify --cert`, `zeta validate --backend
# z3`, `zeta validate` (cvc5) and `zeta check-cert`, with wall-clock times.
# With SPACER=1 the models come from `z3` (Spacer) instead.
# usage: bench/cert.sh ZETA [TASK.smt2 ...]   (default: the LIA and LIA-Lin
# tasks of ../shared/benchmarks/chc)
z=${1:?usage: bench/cert.sh ZETA [TASK.smt2 ...]}; shift
to=${TIMEOUT:-5}
tasks=("$@")
if [ ${#tasks[@]} -eq 0 ]; then
  dir=$(dirname "$0")/../../shared/benchmarks/chc
  mapfile -t tasks < <(ls "$dir"/*.smt2 | grep -E 'LIA-(Lin-)?[0-9]+\.smt2$|/seed-')
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
printf '%-28s %-9s %-40s %8s %8s %8s %8s\n' task certified clauses certify val-z3 val-cvc5 check
tot_c=0 tot_n=0 tot_k=0 m_c=0 m_n=0 t_c=0 t_z=0 t_v=0 t_k=0
for f in "${tasks[@]}"; do
  b=$(basename "$f" .smt2)
  if [ -n "$SPACER" ]; then
    sed 's/(check-sat)/(check-sat)\n(get-model)/; s/(exit)//' "$f" >"$tmp/in.smt2"
    timeout $((to + 5)) z3 -T:"$to" "$tmp/in.smt2" >"$tmp/m" 2>/dev/null
  else
    timeout $((to + 10)) "$z" --model --timeout "$to" "$f" >"$tmp/m" 2>/dev/null
  fi
  [ "$(head -1 "$tmp/m")" = sat ] || continue
  s=$(now); v=$("$z" validate --certify --timeout 30 --cert "$tmp/c" "$f" "$tmp/m" 2>&1 | tail -1); e1=$(now)
  "$z" validate --backend z3 "$f" "$tmp/m" >/dev/null 2>&1; e2=$(now)
  "$z" validate "$f" "$tmp/m" >/dev/null 2>&1; e3=$(now)
  k=$("$z" check-cert "$f" "$tmp/m" "$tmp/c" 2>&1 | tail -1); e4=$(now)
  nc=$(echo "$v" | sed -n 's/.*(\([0-9]*\) certified.*/\1/p'); nn=$(echo "$v" | sed -n 's/.* of \([0-9]*\) clauses.*/\1/p')
  nk=$(echo "$k" | sed -n 's/.*(\([0-9]*\) certified.*/\1/p')
  [ -n "$nc" ] && [ -n "$nn" ] || { echo "$b: $v"; continue; }
  tot_c=$((tot_c + nc)) tot_n=$((tot_n + nn)) tot_k=$((tot_k + ${nk:-0})) m_n=$((m_n + 1))
  [ "$nc" = "$nn" ] && m_c=$((m_c + 1))
  tc=$(echo "$e1 - $s" | bc) tz=$(echo "$e2 - $e1" | bc) tv=$(echo "$e3 - $e2" | bc) tk=$(echo "$e4 - $e3" | bc)
  t_c=$(echo "$t_c + $tc" | bc) t_z=$(echo "$t_z + $tz" | bc) t_v=$(echo "$t_v + $tv" | bc) t_k=$(echo "$t_k + $tk" | bc)
  printf '%-28s %-9s %-40s %8.2f %8.2f %8.2f %8.2f\n' "${b#chc-comp24-}" "$nc/$nn" "check-cert: ${nk:-0}" "$tc" "$tz" "$tv" "$tk"
done
echo "models $m_c/$m_n fully certified; clauses $tot_c/$tot_n certified, check-cert confirms $tot_k"
printf 'time: certify %.2f s, validate z3 %.2f s, validate cvc5 %.2f s, check-cert %.2f s\n' "$t_c" "$t_z" "$t_v" "$t_k"
