---- MODULE SymUnionLayout ----
\* A variable holding a string or an integer in the fixed layout of the
\* TS engines: one layout per class and a guard leaf per class.
EXTENDS Naturals
VARIABLES x, phase
Init == x = "none" /\ phase = 0
Next == \/ phase = 0 /\ x' = 1 /\ phase' = 1
        \/ phase = 1 /\ x' = x + 1 /\ phase' = IF x + 1 >= 3 THEN 2 ELSE 1
        \/ phase = 2 /\ x' = "none" /\ phase' = 0
Typed == /\ phase \in 0..2
         /\ (phase = 1) => (x \in 1..2)
         /\ (phase = 2) => (x = 3)
Small == (phase = 1) => (x < 2)
====
