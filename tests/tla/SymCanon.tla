---- MODULE SymCanon ----
\* A set of records whose fields are symbolic gains a cell per step; the
\* step encoding (BMC) merges its cells per value, as the fields range
\* over few constants (a floor moved by +1/-1 stays in the sampled
\* states' window), so the cell list stops growing. Few: a violation
\* through the merged set (Cardinality of distinct records) at depth 4.
\* Typed/Known: no violation within the bound.
EXTENDS Naturals, FiniteSets
VARIABLES pos, calls
Init == pos = 1 /\ calls = {}
Next == \E d \in {"Up", "Down"} :
          /\ pos' = IF d = "Up" THEN (IF pos < 3 THEN pos + 1 ELSE pos)
                                ELSE (IF pos > 1 THEN pos - 1 ELSE pos)
          /\ calls' = calls \cup {[floor |-> pos', dir |-> d]}
Few == Cardinality(calls) < 4
Typed == \A c \in calls : c.floor \in 1..3 /\ c.dir \in {"Up", "Down"}
Known == \A c \in calls : c.dir = "Up" => c.floor > 1
====
