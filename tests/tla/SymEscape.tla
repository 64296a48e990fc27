---- MODULE SymEscape ----
\* The symbolic layouts come from the first 2000 states: x's initial values
\* above 1999 lie beyond them, and from x > 2500, s holds {x}, outside s's
\* layout. Such a step is flagged, never lost: no symbolic SAFE (the
\* explicit engine answers SAFE, 3500 states).
EXTENDS Naturals, FiniteSets
VARIABLES x, s
Init == x \in 0..3000 /\ s = {}
Next == x' = x /\ s' = IF x > 2500 THEN {x} ELSE {}
Inv == Cardinality(s) <= 1
====
