---- MODULE SymLayoutStage ----
\* A function whose domain is over state: the layouts' encoding rejects it
\* (fixed layouts), so --algorithm inductive has the step-wise BMC stage
\* only, the last one, with all of the time (tla.c `tla_check_sym`).
\* (SymEnabledStage was this test until the layouts took ENABLED.)
EXTENDS Naturals
VARIABLES x, f
Init == x = 0 /\ f = [y \in {0} |-> 0]
Inc == x < 3 /\ x' = x + 1
Reset == x = 3 /\ x' = 0
Next == (Inc \/ Reset) /\ f' = [y \in {x} |-> 0]
TypeOK == x \in 0..3
====
