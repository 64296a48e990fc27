---- MODULE SymTraceInvLen ----
\* A trace invariant whose Len is the spec's own (not Sequences'): hist[Len(hist)]
\* is then no last state, so the layouts reject it (with a position).
EXTENDS Integers
VARIABLE x
Len(s) == 1
Init == x = 0
Next == x' = (x + 1) % 3
TraceInv(hist) == hist[Len(hist)].x = hist[1].x
====
