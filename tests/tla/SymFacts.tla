---- MODULE SymFacts ----
\* Strengthening facts for the step-wise BMC's relative checks (tla_bmc.c
\* `facts`). Consistent is not inductive: a resource manager "committed"
\* next to one about to receive an abort is a counterexample to induction
\* (unreachable). Facts over two literals exclude it ("committed" =>
\* "commit" \in msgs, "commit" \in msgs => "abort" \notin msgs, ...), each
\* proved initially and for each step before it is used.
EXTENDS Integers
CONSTANT R
VARIABLES rm, tm, msgs

Init == rm = [r \in R |-> "working"] /\ tm = "init" /\ msgs = {}
TMCommit == tm = "init" /\ (\A r \in R : rm[r] = "prepared") /\ tm' = "committed"
            /\ msgs' = msgs \cup {"commit"} /\ UNCHANGED rm
TMAbort == tm = "init" /\ tm' = "aborted" /\ msgs' = msgs \cup {"abort"} /\ UNCHANGED rm
Prepare(r) == rm[r] = "working" /\ rm' = [rm EXCEPT ![r] = "prepared"] /\ UNCHANGED <<tm, msgs>>
RcvCommit(r) == "commit" \in msgs /\ rm[r] \in {"working", "prepared"}
                /\ rm' = [rm EXCEPT ![r] = "committed"] /\ UNCHANGED <<tm, msgs>>
RcvAbort(r) == "abort" \in msgs /\ rm[r] \in {"working", "prepared"}
               /\ rm' = [rm EXCEPT ![r] = "aborted"] /\ UNCHANGED <<tm, msgs>>
Idle == UNCHANGED <<rm, tm, msgs>>   \* executions never end
Next == TMCommit \/ TMAbort \/ Idle \/ \E r \in R : Prepare(r) \/ RcvCommit(r) \/ RcvAbort(r)
Consistent == \A r1, r2 \in R : ~(rm[r1] = "committed" /\ rm[r2] = "aborted")

====
