---- MODULE SymActInv ----
\* An action invariant (primes in INVARIANT): x only grows, until the
\* wrap-around from 3 to 0 (the 4th step, 5 states).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Grows == x' > x
Moves == x' # x
====
