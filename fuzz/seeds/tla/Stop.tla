---- MODULE Stop ----
\* Counts to 2 and stops: a deadlock in state x = 2 (3 states).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 2 /\ x' = x + 1
Spec == Init /\ [][Next]_x
====
@@CFG@@
SPECIFICATION Spec
