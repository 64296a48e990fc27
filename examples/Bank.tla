---- MODULE Bank ----
\* Two accounts and transfers between them; the total never changes.
EXTENDS Naturals
VARIABLES a, b
Init == a = 3 /\ b = 2
Move(x, y) == x > 0 /\ x' = x - 1 /\ y' = y + 1
Next == Move(a, b) \/ Move(b, a)
Total == a + b = 5
====
