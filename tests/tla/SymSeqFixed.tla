---- MODULE SymSeqFixed ----
\* q is a queue of varying length (a sequence layout); w takes q's value
\* when q is full, so every value of w is a pair (a fixed layout of two
\* keys) while the value assigned is a sequence whose length is symbolic:
\* it fits w's layout when exactly keys 1..2 are in its domain.
\* Inv holds (SymSeqFixed.cfg); Bad is violated at depth 4
\* (SymSeqFixedBad.cfg: w = <<1, 2>> after two pushes and a pop).
EXTENDS Naturals, Sequences
VARIABLES q, w
Init == q = <<>> /\ w = <<0, 0>>
Next == \/ /\ Len(q) < 2
           /\ q' = Append(q, Len(q) + 1)
           /\ w' = w
        \/ /\ Len(q) > 0
           /\ q' = Tail(q)
           /\ w' = IF Len(q) = 2 THEN q ELSE w
Inv == Len(w) = 2 /\ w[1] \in 0..2 /\ w[2] \in {0, 2}
Bad == w[2] = 0
====
