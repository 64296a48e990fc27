---- MODULE Procs ----
\* Processes join one by one: 2^3 = 8 sets of processes, 4 up to symmetry.
EXTENDS FiniteSets
CONSTANT P
VARIABLE active
Init == active = {}
Next == \E p \in P \ active : active' = active \cup {p}
Sym == Permutations(P)
Inv == active \subseteq P
====
