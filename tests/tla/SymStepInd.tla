---- MODULE SymStepInd ----
\* BMC's inductive check of a step (tla_bmc.c inductive_step): a proof for
\* all depths only when the invariant is inductive over a state structure
\* that covers every later one, and (TLC's deadlock) no state of it is
\* without successor.
EXTENDS Naturals
VARIABLES x, y
\* x + y = 3 is inductive: proved at the step from depth 0
InitP == x \in 0..3 /\ y = 3 - x
NextP == x' \in 0..3 /\ y' = 3 - x'
Sum == x + y = 3
\* a deterministic counter: every state is concrete and each step's check
\* holds (x = k, x' = k + 1 < 5 for k < 4), but no state's structure covers
\* the next (other constants): UNSAFE at depth 5, never a proof
InitC == x = 0 /\ y = 0
NextC == x' = x + 1 /\ y' = y
Low == x < 5
\* x >= 0 is inductive, but x = 15 has no successor: TLC's deadlock at
\* depth 14 or 15, beyond the bound 10 (no proof), found with --length 20;
\* with --length 5, Apalache's notion: no execution of 5 steps (Stop at 3)
InitD == x \in {0, 1} /\ y = 0
NextD == x < 15 /\ x' = x + 1 /\ y' = y
NextStop == x < 3 /\ x' = x + 1 /\ y' = y
NonNeg == x >= 0
\* infinitely many states (no enumeration, no layout): --algorithm
\* inductive proves Sum by the step-wise BMC's inductive check
NextI == x' = x + 4 /\ y' = y - 4
\* x alternates between 0 and 1 (constants), so a state's structure covers
\* the one two steps later only: InRange is proved over the two
\* structures; Below7 is preserved by the steps from x = 0 only, so never
\* proved (violated at depth 12, beyond the bound 10)
InitA == x = 0 /\ y \in 0..3
NextA == x' = 1 - x /\ y' = IF x = 0 THEN y ELSE (y + 1) % 4
InRange == y \in 0..3
InitB == x = 0 /\ y \in {0, 1}
NextB == x' = 1 - x /\ y' = IF x = 1 THEN y + 1 ELSE y
Below7 == y < 7
====
