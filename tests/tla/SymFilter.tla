---- MODULE SymFilter ----
\* Sets given by syntax over state, encoded without building them: x' \in
\* {y \in lo..hi : P} is a fresh element of lo..hi satisfying P, membership
\* in a filter is membership in its set and P, a constant integer set is a
\* list of intervals.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == /\ x' \in {v \in 0..(x + 2) : v % 2 = 0}
        /\ y' = CHOOSE v \in {w \in x..(x + 3) : w % 3 = 0} : TRUE
Even == x \in {v \in 0..(y + 2) : v % 2 = 0}
Ranges == x \in (0..2) \cup (4..20) \cup {30}
Small == x <= 6
====
