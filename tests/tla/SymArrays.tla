---- MODULE SymArrays ----
\* A set of integers the symbolic BMC cannot lay out in advance: S collects
\* witnesses of \E n \in x+1..x+2, an SMT array Int -> Bool per state (the
\* arrays encoding) with one cell per witness.
EXTENDS Naturals, FiniteSets
VARIABLES S, x
Init == S = {} /\ x = 0
Next == \E n \in (x + 1)..(x + 2) :
                      /\ S' = S \cup {n}
                      /\ x' = n
Few == Cardinality(S) < 3
Member == x \in S \/ x = 0
====
