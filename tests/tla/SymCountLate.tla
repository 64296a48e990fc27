---- MODULE SymCountLate ----
\* A counting fact every sampled state satisfies (sent + #idle <= 2: the
\* sample holds the first 30000 of Init's 160004 states) that a step
\* falsifies (at x = 40011, 11 steps after Init's x = 40000): the step-wise
\* BMC's second run (with the counting facts, tla_bmc.c) must drop it; the
\* violation is at depth 13, beyond the bound 10, so the answer is "SAFE up
\* to depth 10". Used unproved, the fact would make AtMost2 look inductive:
\* a wrong SAFE for all depths.
EXTENDS Integers, FiniteSets
P == 1..2
VARIABLES x, pc, sent
InitLate == x \in 0..40000 /\ pc \in [P -> {"idle", "sent"}] /\ sent = Cardinality({p \in P : pc[p] = "sent"})
NextLate == \/ x >= 40000 /\ x < 40011 /\ x' = x + 1 /\ UNCHANGED <<pc, sent>>
            \/ x = 40011 /\ pc[1] = "idle" /\ sent' = sent + 1 /\ UNCHANGED <<x, pc>>
            \/ UNCHANGED <<x, pc, sent>>
AtMost2 == sent <= 2
====
