---- MODULE SymEnabledStage ----
\* ENABLED in Next: the layouts' encoding rejects it, so --algorithm
\* inductive has the step-wise BMC stage only, the last one, with all of
\* the time (tla.c `tla_check_sym`).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Inc == x < 3 /\ x' = x + 1
Reset == ~ENABLED Inc /\ x' = 0
Next == Inc \/ Reset
TypeOK == x \in 0..3
====
