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
@@CFG@@
CONSTANT P = {p1, p2, p3}
INIT Init
NEXT Next
INVARIANT Inv
CHECK_DEADLOCK FALSE
