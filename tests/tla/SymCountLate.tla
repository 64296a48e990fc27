---- MODULE SymCountLate ----
\* A counting fact every sampled state satisfies (sent + #idle <= 2: the
\* sample holds the first 30000 of Init's 160004 states) that a step
\* falsifies (from x = 40000): the step-wise BMC must drop it (tla_bmc.c
\* `facts`) and find the violation at depth 2; used unproved, it would
\* make AtMost2 look inductive.
EXTENDS Integers, FiniteSets
P == 1..2
VARIABLES x, pc, sent
InitLate == x \in 0..40000 /\ pc \in [P -> {"idle", "sent"}] /\ sent = Cardinality({p \in P : pc[p] = "sent"})
NextLate == \/ x = 40000 /\ pc[1] = "idle" /\ sent' = sent + 1 /\ UNCHANGED <<x, pc>>
            \/ UNCHANGED <<x, pc, sent>>
AtMost2 == sent <= 2
====
