---- MODULE HigherOrder ----
\* An invariant that applies an operator argument is a state invariant:
\* it is false in the initial state (UNSAFE even with --length 0).
EXTENDS Naturals
VARIABLE v
Sq(a) == a * a
Apply(F(_), x) == F(x)
Init == v = 2
Next == v' = v + 1
Inv == Apply(Sq, v) = 5
====
@@CFG@@
INIT Init
NEXT Next
INVARIANT Inv
