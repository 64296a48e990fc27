\* SYMMETRY naming a set of sets, not of permutations: an input error
\* (exit 2 with the position; it once crashed).
---- MODULE SymNotPerm ----
CONSTANT P
VARIABLE x
Sym == {P}
Init == x \in P
Next == x' \in P
Inv == TRUE
====
