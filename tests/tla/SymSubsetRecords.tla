---- MODULE SymSubsetRecords ----
\* Init chooses from SUBSET of a record set written lazily; the filter keeps
\* only some records, so the sampled states alone give a layout that does
\* not hold every element of the choice (Apalache's Fix365_ExistsSubset3).
EXTENDS Integers
VARIABLE msgs
As == [src : {"p1", "p2"}, r : {0, 1, 2}]
Init == msgs \in SUBSET As /\ \A m \in msgs : m.r = 2
Next == msgs /= {} /\ UNCHANGED msgs
Late == \A m \in msgs : m.r = 2
====
