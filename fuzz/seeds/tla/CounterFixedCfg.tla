---- MODULE Counter ----
\* 4 states, x cycles through 0..3; Small is violated after 3 steps.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Inv == x \in 0..3
Small == x < 3
====
