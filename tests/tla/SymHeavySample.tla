---- MODULE SymHeavySample ----
\* 1,000 states, each of whose successors takes tens of thousands of
\* evaluation steps (Heavy): the sample's base work budget cuts it before
\* its end; grown with the time left (--algorithm inductive), it enumerates
\* every state and the reach proof proves Inv.
EXTENDS Naturals
VARIABLES x, y, z
Heavy(v) == \A i \in 1..6000 : i > 0 \/ v > 100
Init == x = 0 /\ y = 0 /\ z = 0
Next == /\ Heavy(x + y + z)
        /\ \/ x' = (x + 1) % 10 /\ y' = y /\ z' = z
           \/ y' = (y + 1) % 10 /\ x' = x /\ z' = z
           \/ z' = (z + 1) % 10 /\ x' = x /\ y' = y
Inv == x + y + z < 28
====
