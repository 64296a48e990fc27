---- MODULE SymChooseRec ----
\* CHOOSE over a set of records whose elements are symbolic (BMC picks any
\* qualifying element; the maximum ballot is unique, so the trace replays).
EXTENDS Naturals
VARIABLES msgs, x, c
Init == msgs = {} /\ x = 0 /\ c = 0
\* the ballots come from the state (c), so the records' fields are symbolic
Send == c < 3 /\ c' = c + 1 /\ msgs' = msgs \cup {[bal |-> c', v |-> 10 * c']} /\ UNCHANGED x
Take == msgs # {} /\ x' = (CHOOSE m \in msgs : \A n \in msgs : n.bal <= m.bal).v /\ UNCHANGED <<msgs, c>>
Next == Send \/ Take
Known == x \in {0, 10, 20, 30}
Below30 == x # 30
====
