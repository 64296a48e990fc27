---- MODULE SymLazyEq ----
\* A variable compared with a finite set of records written lazily
\* (Slush's `message = TerminationMessage`, [type : {T}, pid : P]).
EXTENDS Integers
CONSTANT P
VARIABLE msgs
Term == [type : {"term"}, pid : P]
Init == msgs = {}
Next == \E p \in P : msgs' = msgs \cup {[type |-> "term", pid |-> p]}
Done == msgs = Term
DoneAll == Done => \A p \in P : [type |-> "term", pid |-> p] \in msgs
NotDone == ~Done
NotAll == msgs /= [type : STRING, pid : P]
====
