---- MODULE SymCanonWide ----
\* Sets of records merged per value take integers from the sampled
\* states' window first; the sample sees only the first levels (y has 1000
\* values per step), x leaves the window, and the element that a merge
\* would lose is the step's escape: BMC runs again without the window and
\* finds the violation at depth 6 (never UNKNOWN, never SAFE).
EXTENDS Naturals
VARIABLES x, y, seen
Init == x = 0 /\ y = 0 /\ seen = {}
Next == /\ y' \in 0..999
        /\ x' = x + 1000
        /\ seen' = seen \cup {[at |-> x', big |-> y' > 500]}
Inv == \A r \in seen : r.at < 5500
====
