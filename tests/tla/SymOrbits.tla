---- MODULE SymOrbits ----
\* Five symmetric counters modulo 8: 32768 states, more than the layout
\* sample's cap, in 792 orbits under SYMMETRY Perms (the multisets of five
\* counters): the sample up to the symmetry reaches every orbit and the
\* reach proof checks each representative's successors (other members of
\* known orbits: hints).
EXTENDS Naturals, TLC
CONSTANTS P
VARIABLES s
Inv == \A p \in P : s[p] \in 0..7
Low == \A p \in P : s[p] < 7
Init == s = [p \in P |-> 0]
Next == \E p \in P : s' = [s EXCEPT ![p] = (s[p] + 1) % 8]
Perms == Permutations(P)
====
