---- MODULE SymOpenSet ----
\* T is any subset of Int: an SMT array only (no cells, no TLA+ value the
\* explicit engine could replay): SAFE up to the bound, or UNKNOWN.
EXTENDS Integers
VARIABLES T, x
Init == T \in SUBSET Int /\ 3 \in T /\ x = 0
Next == x' = x + 1 /\ T' = (T \ {3}) \cup {x}
Kept == 3 \in T \/ 0 \in T
Three == 3 \in T
====
