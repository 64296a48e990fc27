---- MODULE Guards ----
\* Actions guarded by pc[self] = "L" (PlusCal's shape), whose calls are
\* decided before their arguments are bound where pc[self] is another
\* string (tla_eval.c guard_false). pc[self] becomes 7 (no string: the
\* call is made) and Wide calls them outside pc's domain (an evaluation
\* error, which the shortcut must leave to the call).
EXTENDS Naturals
VARIABLES pc, n
Init == pc = [p \in {1, 2} |-> "a"] /\ n = 0
A(self) == /\ pc[self] = "a"
           /\ pc' = [pc EXCEPT ![self] = "b"]
           /\ n' = n
B(self) == /\ pc[self] = "b"
           /\ pc' = [pc EXCEPT ![self] = IF n < 3 THEN "a" ELSE 7]
           /\ n' = n + 1
C(self) == /\ pc[self] = "c"
           /\ UNCHANGED <<pc, n>>
Next == \E self \in {1, 2}: A(self) \/ B(self) \/ C(self)
Wide == \E self \in {1, 2, 3}: C(self) \/ A(self)
Spec == Init /\ [][Next]_<<pc, n>>
SpecWide == Init /\ [][Wide]_<<pc, n>>
Small == n <= 10
====
