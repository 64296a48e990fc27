---- MODULE SymReach ----
\* --algorithm inductive first checks the enumerated reachable states as an
\* inductive invariant (tla.c reach_proof): Inv is proved so; Low is
\* violated and NextDead deadlocks, so neither may be proved that way. x
\* holds a model value or an integer (a union layout: Init's membership
\* lets both class leaves be set, which a state's cube must accept).
EXTENDS Naturals
CONSTANT NoVal
VARIABLES x, y
Init == x \in {NoVal, 1} /\ y = 0
Next == \/ x = NoVal /\ x' = 2 /\ y' = (y + 1) % 3
        \/ x # NoVal /\ x' = NoVal /\ y' = y
NextDead == x = NoVal /\ x' = 2 /\ y' = y
Inv == y < 3
Low == y < 2
====
