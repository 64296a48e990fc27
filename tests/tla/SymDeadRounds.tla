---- MODULE SymDeadRounds ----
\* TLC's deadlock through BMC's refinement loop: each candidate state is
\* blocked by one enabling witness at a time; with Next the state where
\* every i is used has no successor (4 steps), NextLoop restarts from it.
EXTENDS Naturals
VARIABLES used, n, w, v
Init == used = {} /\ n \in 0..2 /\ w = "a" /\ v = "a"
Take == \E i \in 1..4 : i \notin used /\ used' = used \cup {i} /\ n' = (n + i) % 3 /\ UNCHANGED <<w, v>>
Next == Take
NextLoop == Take \/ (used = 1..4 /\ used' = {} /\ UNCHANGED <<n, w, v>>)
\* a witness of the uninterpreted sort (strings from the state): each
\* round's blocked vector names the string's constant, not the step's choice
\* variable, which would tie the rounds together (a false deadlock)
Names == {"a", "b", "c"}
InitS == used = {} /\ n = 0 /\ w \in Names /\ v \in Names
NextS == \E i \in {w, v} : w' = i /\ v' \in Names /\ UNCHANGED <<used, n>>
TypeOK == n \in 0..2
====
