---- MODULE SymHint ----
\* One step whose witness is the last of 10^10 pairs in TLC's order: the
\* replay of BMC's trace tries the solver's witnesses first (tla_hint).
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == \E i, j \in 1..100000 : i * 3 = 299997 /\ j + i = 199998 /\ x' = i /\ y' = j
Small == x < 5
====
