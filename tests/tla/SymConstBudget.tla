---- MODULE SymConstBudget ----
\* Init filters a constant set of 10^6 records (CoffeeCan1000Beans): the
\* layouts' constant evaluations stop at their work budget, early, instead
\* of building and rejecting a set of 500,500 elements.
EXTENDS Naturals
N == 1000
VARIABLE can
Can == [black : 0..N, white : 0..N]
Init == can \in {c \in Can : c.black + c.white \in 1..N}
Next == can.black > 0 /\ can' = [can EXCEPT !.black = @ - 1]
TypeOK == can \in Can
====
