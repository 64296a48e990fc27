---- MODULE C ----
\* Ealhs
ASSUME LET f == [iPR |-> i]IN [f EXCEPT ![2] = @ + 10][2] = x = 2
Init == x = 0
Next == x
Inv == x = 0
====IT