---- MODULE SymUnionApply ----
\* args holds a model value or a tuple (one layout per class). Applying it
\* (args[1]) and then UNCHANGED args let a state with both class leaves
\* set through (UNCHANGED compares class by class), and the next
\* application was an error: UNKNOWN instead of SAFE (btree/kvstore).
EXTENDS Naturals
CONSTANT NIL
VARIABLES op, args, ret
Init == op = NIL /\ args = NIL /\ ret = "A"
Req == op' = "get" /\ args' = <<"A">> /\ ret' = "A"
Resp == op = "get" /\ args[1] = "A" /\ UNCHANGED <<op, args, ret>>
Next == Req \/ Resp
Inv == ret \in {"A", "B"}
====
