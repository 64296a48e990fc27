---- MODULE SymSets ----
\* Sets and functions for the symbolic engines: processes send distinct
\* messages into a set; Few fails once all three are sent (4 steps).
EXTENDS Naturals, FiniteSets
CONSTANT P
VARIABLES pc, msgs
Msg == {"a", "b", "c"}
TypeOK == /\ pc \in [P -> {"idle", "busy"}]
          /\ msgs \subseteq Msg
Init == pc = [p \in P |-> "idle"] /\ msgs = {}
Send(p, m) == /\ pc[p] = "idle"
              /\ m \notin msgs
              /\ msgs' = msgs \cup {m}
              /\ pc' = [pc EXCEPT ![p] = "busy"]
Done(p) == /\ pc[p] = "busy"
           /\ pc' = [pc EXCEPT ![p] = "idle"]
           /\ UNCHANGED msgs
Next == \E p \in P : (\E m \in Msg : Send(p, m)) \/ Done(p)
Few == Cardinality(msgs) < 3
Busy == \A p \in P : pc[p] = "busy" => msgs # {}
====
