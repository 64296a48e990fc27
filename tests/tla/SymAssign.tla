---- MODULE SymAssign ----
\* y' is left unassigned on one branch of Next: never taken with Never (x
\* stays below 3), taken at x = 2 with Reached (TLC: an evaluation error).
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Never == /\ x' = (x + 1) % 3
         /\ IF x = 5 THEN TRUE ELSE y' = y
Reached == /\ x' = (x + 1) % 3
           /\ IF x = 2 THEN TRUE ELSE y' = y
Inv == x < 3
====
