---- MODULE SymRecSubset ----
(* Recursive functions over SUBSET of a set over state (PaxosCommit's
   Maximum): the function unfolds per subset of the set's concrete
   elements. Alt's value depends on CHOOSE's pick (the least element, as
   TLC): acc = -174 needs s = {0, 1, 2, 3} before the step (depth 5).
   Dbl's domain has the element 0 twice (from 0 and 3): in it by either
   (Grow reaches s = {3}, top = 3: f[0] is no error there). *)
EXTENDS Integers
VARIABLES s, top, acc
Maximum(S) == LET Max[T \in SUBSET S] ==
                    IF T = {} THEN -1
                    ELSE LET n == CHOOSE n \in T : TRUE
                             rmax == Max[T \ {n}]
                         IN IF n >= rmax THEN n ELSE rmax
              IN Max[S]
Alt(S) == LET F[T \in SUBSET S] ==
                IF T = {} THEN 0
                ELSE LET n == CHOOSE n \in T : TRUE IN n - 2 * F[T \ {n}]
          IN F[S]
Init == s = {} /\ top = -1 /\ acc = 0
Next == \E v \in 0..3 : /\ s' = s \cup {v}
                        /\ top' = Maximum(s)
                        /\ acc' = Alt({x % 3 : x \in s}) + 10 * Alt(s)
Grow == \E v \in 0..3 : s' = s \cup {v} /\ top' = v /\ UNCHANGED acc
TopBelow2 == top < 2
TopOK == (top = -1 \/ top \in s) /\ Maximum(s) >= top
AccNot == acc # -174
Dbl == LET f[x \in {y % 3 : y \in s}] == 2 * x IN IF top \in s THEN f[top % 3] ELSE 0
DblOK == Dbl <= 4
====
