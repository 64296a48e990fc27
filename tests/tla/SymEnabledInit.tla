---- MODULE SymEnabledInit ----
\* An invariant ENABLED A is a state invariant (A's primes are bound by
\* ENABLED), checked in every state: CanInc fails in the initial state only
\* (x = 5: Inc disabled), never after a step (x = 3 is excepted).
EXTENDS Naturals
VARIABLE x
Init == x = 5
Inc == x < 3 /\ x' = x + 1
Next == Inc \/ (x \in {3, 5} /\ x' = 0)
CanInc == ENABLED Inc \/ x = 3
====
