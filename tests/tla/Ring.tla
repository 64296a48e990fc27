\* SYMMETRY with a generator moving 300 model values: zeta once kept 256
\* and crashed; the cyclic group is transitive, so one distinct state.
---- MODULE Ring ----
EXTENDS Naturals, Sequences
CONSTANT Order
VARIABLE x
N == Len(Order)
P == {Order[i] : i \in 1..N}
Shift == [p \in P |-> Order[(CHOOSE i \in 1..N : Order[i] = p) % N + 1]]
Sym == {Shift}
Init == x = Order[1]
Next == x' \in P
Inv == x \in P
====
