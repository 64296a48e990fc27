---- MODULE SymSeqFixedEscape ----
\* As SymSeqFixed, but for c > 115 (12,000 initial states: the sample's
\* 30,000 states end early in the second step, from the first ones) w
\* takes q's value when it holds one element: a value whose domain is not
\* exactly w's fixed layout's keys. Flagged, never lost: no symbolic SAFE
\* (Inv holds, but were <<1>> taken as a pair with a free second value,
\* the layout would hide the escape).
EXTENDS Naturals, Sequences
VARIABLES c, d, q, w
Init == c \in 0..119 /\ d \in 0..99 /\ q = <<>> /\ w = <<0, 0>>
Next == /\ c' = c /\ d' = d
        /\ \/ /\ Len(q) < 2
              /\ q' = Append(q, Len(q) + 1)
              /\ w' = w
           \/ /\ Len(q) > 0
              /\ q' = Tail(q)
              /\ w' = IF Len(q) = (IF c > 115 THEN 1 ELSE 2) THEN q ELSE w
Inv == Len(w) \in {1, 2}
====
