---- MODULE Inner ----
EXTENDS Naturals
CONSTANT Limit
VARIABLE v
Start == v = 0
Step == v < Limit /\ v' = v + 1
====
