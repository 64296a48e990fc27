---- MODULE M ----
VARIABLE x
Init == x = 0
Spec == Init /\ x' = x
====
@@CFG@@
SPECIFICATION Spec
