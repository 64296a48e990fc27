---- MODULE RecDomain ----
\* A recursive function applied outside its domain: TLC reports an error
\* (the explicit evaluator used to apply the body anyway and say SAFE).
EXTENDS Naturals
VARIABLE x
Total(S) == LET F[T \in SUBSET S] ==
                  IF T = {} THEN 0 ELSE LET m == CHOOSE e \in T : TRUE IN m + F[T \ {m}]
            IN F[S \cup {9}]
Init == x = 0
Next == x' = Total({1, 2}) /\ x < 20
Inv == x < 100
====
