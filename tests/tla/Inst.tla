---- MODULE Inst ----
\* INSTANCE with substitution and a named instance: c counts to Max.
EXTENDS Naturals
VARIABLE c
Max == 2
I == INSTANCE Inner WITH v <- c, Limit <- Max
Init == I!Start
Next == I!Step \/ (c = Max /\ UNCHANGED c)
Inv == c \in 0..Max
====
