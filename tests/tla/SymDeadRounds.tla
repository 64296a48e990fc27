---- MODULE SymDeadRounds ----
\* TLC's deadlock through BMC's refinement loop: each candidate state is
\* blocked by one enabling witness at a time; with Next the state where
\* every i is used has no successor (4 steps), NextLoop restarts from it.
EXTENDS Naturals
VARIABLES used, n
Init == used = {} /\ n \in 0..2
Take == \E i \in 1..4 : i \notin used /\ used' = used \cup {i} /\ n' = (n + i) % 3
Next == Take
NextLoop == Take \/ (used = 1..4 /\ used' = {} /\ UNCHANGED n)
TypeOK == n \in 0..2
====
