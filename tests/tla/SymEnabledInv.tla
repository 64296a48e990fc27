---- MODULE SymEnabledInv ----
\* ENABLED in state predicates (invariants, constraints) in the layouts'
\* encoding (tla_sym.c `tr_enabled_layout`, as inside an action: the next
\* state's leaves quantified). Done and FlipExact hold only if ENABLED is
\* exact (x = 3 is where Inc stops; Flip's \E over d), NeverFlip fails at
\* x = 3, y = 0; with the constraint Cons, state x = 3, y = 1 (Flip still
\* enabled there) is not expanded nor checked: NotThreeOne holds with it
\* (SymEnabledInvCons.cfg) and fails without it (SymEnabledInvNoCons.cfg).
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Inc == x < 3 /\ x' = x + 1 /\ y' = y
Flip == x = 3 /\ \E d \in {1, 2} : y + d <= 2 /\ y' = y + d /\ x' = x
Next == Inc \/ Flip
Done == ~ENABLED Inc => x = 3
FlipExact == ENABLED Flip <=> (x = 3 /\ y < 2)
NeverFlip == ~ENABLED Flip
Cons == ~(ENABLED Flip /\ y = 1)
NotThreeOne == ~(x = 3 /\ y = 1)
====
