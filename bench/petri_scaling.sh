#!/usr/bin/env bash
# Scaling study of the seed work on parameterized Petri nets: the FMS and
# Kanban nets of ../shared/benchmarks/petri with the initial marking
# rewritten to N tokens, for N = 10 ... 12800, each engine, time per
# instance. Queries: the family's is-fireable query, and "every token has
# left the initially marked places" (sum <= 0), which needs >= N firings.
# usage: bench/petri_scaling.sh [ZETA] [TIMEOUT] [N...]
set -u
Z=${1:-build/zeta}; TO=${2:-60}; shift $(( $# > 2 ? 2 : $# ))
SIZES=${*:-10 20 50 100 200 400 800 1600 3200 6400 12800}
B=${SHARED:-$(dirname "$0")/../../shared}/benchmarks/petri
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# family base-net base-tokens fireable-query
families="FMS FMS-15.pnml 15 FMS-15-00.xml
Kanban Kanban.pnml 10 Kanban-00.xml"
printf '%-8s %6s %-10s %-15s %8s\n' family N engine answer seconds
echo "$families" | while read -r fam net tok fq; do
  [ -f "$B/$net" ] || continue
  # the places initially holding the parameter's tokens
  places=$(awk -v tok="$tok" '/<place / { match($0, /id="[^"]*"/); id = substr($0, RSTART + 4, RLENGTH - 5) }
    /<initialMarking>/ { im = 1 } im && $0 ~ "<text>" tok "</text>" { printf "<place>%s</place>", id } /<\/initialMarking>/ { im = 0 }' "$B/$net")
  for n in $SIZES; do
    sed "/<initialMarking>/,/<\/initialMarking>/ s|<text>$tok</text>|<text>$n</text>|" "$B/$net" >"$tmp/$fam-$n.pnml"
    cat >"$tmp/q-$fam.xml" <<Q
<?xml version="1.0"?>
<property-set xmlns="http://mcc.lip6.fr/">
  <property><id>$fam-empty</id><formula><exists-path><finally><integer-le><tokens-count>$places</tokens-count><integer-constant>0</integer-constant></integer-le></finally></exists-path></formula></property>
</property-set>
Q
    for q in "$tmp/q-$fam.xml" "$B/$fq"; do
      for algo in explicit se-cegar portfolio; do
        s=$(date +%s.%N)
        a=$(timeout $((TO + 10)) "$Z" --algorithm $algo --timeout "$TO" "$tmp/$fam-$n.pnml" --formula "$q" 2>/dev/null | awk '/^FORMULA/ {print $2 "=" $3; exit}')
        e=$(echo "$(date +%s.%N) - $s" | bc)
        printf '%-8s %6s %-10s %-15s %8.2f\n' "$fam" "$n" "$algo" "${a:-CRASH}" "$e"
      done
    done
  done
done
