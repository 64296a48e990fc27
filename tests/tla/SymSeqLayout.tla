---- MODULE SymSeqLayout ----
\* A sequence variable of varying length in the fixed layout of the TS
\* engines: a length leaf and one layout per position up to the longest
\* sampled length. NextWide: the first 20000 states have length <= 3, so a
\* longer sequence leaves the layout (an error: UNKNOWN, never SAFE).
EXTENDS Naturals, Sequences
VARIABLE q
Init == q = << >>
NextShort == \/ Len(q) < 2 /\ q' = Append(q, Len(q))
             \/ q # << >> /\ q' = Tail(q)
NextWide == \E x \in 1..50 : q' = Append(q, x)
Bounded == Len(q) <= 2 /\ \A i \in 1..Len(q) : q[i] < 2
Tight == Len(q) <= 1
NonNeg == Len(q) >= 0
\* q = <<>> pinned the length leaf only to <= 0 and q = <<0>> (at the
\* layout's capacity) only to >= 1: -1 or 2 passed as members, the
\* state did not decode (MCMajority: UNKNOWN instead of a proof).
InitSet == q \in {<< >>, <<0>>}
NextSame == UNCHANGED q
LenRange == Len(q) \in 0..1
====
