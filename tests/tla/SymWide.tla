---- MODULE SymWide ----
\* One state with 10^10 successor candidates (as apalache/factorization):
\* the step-wise BMC samples the first states for its integer window only
\* within a work budget (a quarter of it for one state's successors), so
\* the enumeration does not use up the run.
EXTENDS Integers
VARIABLE x
Init == x = 0
Next == \E i, j \in 1..100000 : i + j = 3 /\ x' = i
Small == x <= 2
Tiny == x <= 1
====
