---- MODULE SymEnabledStage ----
\* ENABLED in Next: the layouts' encoding quantifies the next state's
\* leaves (tla_sym.c `tr_enabled_layout`), so IC3 proves TypeOK; the
\* step-wise BMC has it too (`tr_enabled`).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Inc == x < 3 /\ x' = x + 1
Reset == ~ENABLED Inc /\ x' = 0
Next == Inc \/ Reset
TypeOK == x \in 0..3
====
