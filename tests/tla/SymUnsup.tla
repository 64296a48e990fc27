---- MODULE SymUnsup ----
\* A user-defined infix operator over state: outside the symbolic fragment,
\* reported with its position (the explicit engine checks it).
EXTENDS Naturals
VARIABLE x
a ++ b == a + b
Init == x = 0
Next == x < 3 /\ x' = x ++ 1
Inv == x <= 3
====
