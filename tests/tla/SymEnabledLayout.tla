---- MODULE SymEnabledLayout ----
\* ENABLED inside an action in the layouts' encoding (tla_sym.c
\* `tr_enabled_layout`: the next state's leaves quantified, exactly). Reset
\* fires only where neither Inc nor Jump can (x = 3): Safe holds, and would
\* not if ~ENABLED held too often; Few fails after two Resets, which a
\* ~ENABLED that held too rarely would miss.
EXTENDS Naturals
VARIABLES x, r, n
Init == x = 0 /\ r = 0 /\ n = 0
Inc == x < 3 /\ x' = x + 1 /\ UNCHANGED <<r, n>>
Jump == \E d \in {2, 3} : x + d <= 3 /\ x' = x + d /\ UNCHANGED <<r, n>>
Reset == ~ENABLED Inc /\ ~ENABLED Jump /\ x' = 0 /\ r' = x /\ n' = (n + 1) % 3
Next == Inc \/ Jump \/ Reset
Safe == r \in {0, 3}
Few == n < 2
====
