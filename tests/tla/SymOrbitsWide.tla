---- MODULE SymOrbitsWide ----
\* SymOrbits with counters modulo M: with five counters modulo 13, 371293
\* states, more than the layout sample's cap grown for --timeout 3
\* (~285,000 at its measured rate; 350000 at --timeout 14 before session
\* 42), in 6188 orbits under SYMMETRY Perms: the grown sample is cut,
\* and the sample up to the symmetry reaches every orbit, whose
\* representatives the reach proof checks; at --timeout 14 the grown
\* sample enumerates the 371293 states.
EXTENDS Naturals, TLC
CONSTANTS P, M
VARIABLES s
Inv == \A p \in P : s[p] \in 0..(M - 1)
Init == s = [p \in P |-> 0]
Next == \E p \in P : s' = [s EXCEPT ![p] = (s[p] + 1) % M]
Perms == Permutations(P)
====
