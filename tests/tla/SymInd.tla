---- MODULE SymInd ----
\* --inductive INV (Apalache's check): Small is inductive and implies
\* Small; Low is not preserved (x = 4 -> 6: a counterexample to induction);
\* Even does not imply Small (x = 8).
EXTENDS Integers
VARIABLE x
Init == x = 0
Next == x' = IF x < 5 THEN x + 2 ELSE x
Small == x < 7
Low == x < 6
Even == x % 2 = 0
====
