---- MODULE SymBig ----
\* Integers beyond 64 bits (as SafeMath's 2^256): the explicit evaluator
\* stops with an overflow, the symbolic engines translate the constants
\* into unbounded terms. A wrap-around modulo 2^100 after two steps.
EXTENDS Integers
VARIABLES x, wrapped
POWER == 2^100
MAX == POWER - 1
Init == x = MAX - 2 /\ wrapped = FALSE
Next == \E d \in 1..2 : LET y == (x + d) % POWER IN x' = y /\ wrapped' = (y < x)
Small == wrapped => x < 2
NoWrap == ~wrapped
Tight == wrapped => x < 1
====
