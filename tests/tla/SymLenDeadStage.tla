---- MODULE SymLenDeadStage ----
\* Apalache's Fix365_ExistsSubset3 with a construct the layouts reject (`^`
\* with an exponent over state), so that `inductive` with --length and the
\* deadlock check runs the step-wise BMC stage: the state msgs = {} is TLC's
\* deadlock at depth 0 while executions of every length exist (Apalache's
\* notion holds), so the stage's proof of TLC's deadlock freedom must fail.
EXTENDS Integers, FiniteSets
VARIABLE msgs
As == [src : {"p1", "p2"}, r : {0, 1, 2}]
Init == msgs \in SUBSET As /\ \A m \in msgs : m.r = 2
Next == msgs /= {} /\ 2 ^ Cardinality(msgs) > 0 /\ UNCHANGED msgs
====
