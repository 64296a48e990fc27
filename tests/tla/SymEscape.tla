---- MODULE SymEscape ----
\* TypeOK gives s the universe {1, 2}; Next adds 3 (violating TypeOK in
\* the 3rd step): a value outside a variable's layout is never lost.
EXTENDS Naturals, FiniteSets
VARIABLE s
TypeOK == s \subseteq {1, 2}
Init == s = {}
Next == Cardinality(s) < 3 /\ s' = s \cup {Cardinality(s) + 1}
====
