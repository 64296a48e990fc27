---- MODULE ParamPrime ----
\* An operator parameter under a prime stands for the argument primed:
\* Drop(q) assigns q' (3 states; as a mere condition it would be 1).
EXTENDS Sequences
VARIABLE q
Init == q = <<1, 2>>
Drop(s) == s # <<>> /\ s' = Tail(s)
Next == Drop(q) \/ (q = <<>> /\ UNCHANGED q)
Inv == Len(q) <= 2
====
@@CFG@@
INIT Init
NEXT Next
INVARIANT Inv
