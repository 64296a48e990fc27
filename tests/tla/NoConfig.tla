---- MODULE NoConfig ----
\* No .cfg beside it: Init and Next are found by name, but no property is
\* named, so a search without errors must not print SAFE (Inv fails).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 5
Inv == x < 3
====
