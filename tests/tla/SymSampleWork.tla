---- MODULE SymSampleWork ----
\* Every state's successor costs a search of 2000 values, so the layout
\* sample stops at its work budget (24 million evaluation steps)
\* long before its cap of 30000 states: the same number of states in every
\* run, under any load (tla_sym.c `sample_layouts`).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == /\ x < 100000
        /\ \E i \in 1..2000 : i = 2000 /\ x' = x + 1
NonNeg == x >= 0
====
