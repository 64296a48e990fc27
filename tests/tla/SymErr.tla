---- MODULE SymErr ----
\* f[x] leaves f's domain once x = 3: TLC stops with an evaluation error,
\* so no engine may answer SAFE or UNSAFE.
EXTENDS Naturals
VARIABLES x, y
f == [i \in 1..2 |-> 10 * i]
Init == x = 1 /\ y = 0
Next == x' = x + 1 /\ y' = f[x]
Inv == x < 10
====
