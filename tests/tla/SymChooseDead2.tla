---- MODULE SymChooseDead2 ----
\* Enabledness depends on which of two records CHOOSE picks: the explicit
\* engine's pick decides deadlock; BMC must agree or answer UNKNOWN (its
\* deadlock query asks for every admissible pick).
EXTENDS Naturals
VARIABLES msgs, x, y
Init == x = 0 /\ y \in {1, 2} /\ msgs = {[a |-> y, b |-> 0], [a |-> 3 - y, b |-> 1]}
Next == (CHOOSE m \in msgs : TRUE).a = 2 /\ x' = 1 - x /\ UNCHANGED <<msgs, y>>
====
