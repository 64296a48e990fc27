---- MODULE SymTraceInv ----
\* Trace invariants over the first and the last state of the history
\* (Apalache's Invariants.tla): proved for all depths by the layouts with a
\* copy of the initial state; any other use of the history is unsupported.
EXTENDS Integers, Sequences
VARIABLES In, Done, Out
Init == \E S \in SUBSET (1..4) : In = S /\ Done = {} /\ Out = {}
Next == \/ \E x \in In : In' = In \ {x} /\ Done' = Done \cup {x} /\ Out' = Out \cup {2 * x}
        \/ In = {} /\ UNCHANGED <<In, Done, Out>>
\* @type: Seq({In: Set(Int), Done: Set(Int), Out: Set(Int)}) => Bool;
TraceInv(hist) == \/ hist[Len(hist)].In /= {}
                  \/ {2 * x : x \in hist[1].In} = hist[Len(hist)].Out
\* @type: Seq({In: Set(Int), Done: Set(Int), Out: Set(Int)}) => Bool;
BuggyTraceInv(hist) == \/ hist[Len(hist)].In /= {}
                       \/ {3 * x : x \in hist[1].In} = hist[Len(hist)].Out
\* @type: Seq({In: Set(Int), Done: Set(Int), Out: Set(Int)}) => Bool;
ShortTraceInv(hist) == Len(hist) < 100
====
