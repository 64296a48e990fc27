---- MODULE SymCount ----
\* Counting facts for the step-wise BMC's relative checks (tla_cand.c
\* `sums`): Bounded (sent <= 4) is not inductive (sent = 4 with an idle
\* process steps to 5), and no implication between two or three literals
\* excludes that (sent = 2 with two idle processes is as unreachable). The
\* fact sent + #{p : pc[p] = "idle"} <= 4 does, proved initially and for
\* every step before it is used. NextLeak lets a process send twice: the
\* sum is then no fact (the sample sees it violated) and Bounded fails at
\* depth 5.
EXTENDS Integers
P == 1..4
VARIABLES pc, sent
Init == pc = [p \in P |-> "idle"] /\ sent = 0
Send(p) == pc[p] = "idle" /\ pc' = [pc EXCEPT ![p] = "sent"] /\ sent' = sent + 1
Skip(p) == pc[p] = "idle" /\ pc' = [pc EXCEPT ![p] = "skip"] /\ UNCHANGED sent
Again(p) == pc[p] = "sent" /\ sent < 5 /\ sent' = sent + 1 /\ UNCHANGED pc
Next == (\E p \in P : Send(p) \/ Skip(p)) \/ UNCHANGED <<pc, sent>>
NextLeak == Next \/ \E p \in P : Again(p)
Bounded == sent <= 4
====
