---- MODULE SymSeqType ----
\* A type invariant x \in Seq(S) where S is a set of records one of whose
\* field names is a variable's name (clock): S is not constant (the field
\* name reads as the variable), so membership is taken from Seq(S)'s
\* syntax: each element within the length in S. Proved (TypeOK); the
\* message outside S found as the explicit engine finds it (TypeBad: 5 states).
EXTENDS Naturals, Sequences
VARIABLES clock, net
Msg == {[type |-> "req", clock |-> c] : c \in 0..1}
Init == clock = 0 /\ net = <<>>
Next == \/ /\ Len(net) < 2
           /\ net' = Append(net, [type |-> "req", clock |-> clock])
           /\ clock' = (clock + 1) % 3
        \/ /\ Len(net) > 0
           /\ net' = Tail(net)
           /\ clock' = clock
TypeOK == net \in Seq(Msg \cup {[type |-> "req", clock |-> 2]}) /\ clock \in 0..2
TypeBad == net \in Seq(Msg)
====
