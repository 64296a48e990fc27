---- MODULE SymEnabledMix ----
\* ENABLED of actions with a choice (A: x' \in {..} /\ x' <= 3, eliminated
\* by distributing the choice), of a disjunction of actions (D) and of an
\* \E over a set variable (E), in the layouts; the answers are the explicit
\* engine's (tests/e2e/tla_sym.sh `pdr-enabled-mix`).
EXTENDS Naturals, FiniteSets
VARIABLES x, y, S
Init == x = 0 /\ y = "a" /\ S = {}
A == x < 2 /\ x' \in {x + 1, x + 2} /\ x' <= 3 /\ UNCHANGED <<y, S>>
B == y = "a" /\ y' = (IF x > 1 THEN "b" ELSE "a") /\ S' = S \cup {x} /\ UNCHANGED x
C == ~ENABLED A /\ ~ENABLED B /\ x' = 0 /\ y' = "a" /\ S' = {}
D == ENABLED (A \/ B) /\ \E v \in 0..3 : v \notin S /\ S' = S \cup {v} /\ UNCHANGED <<x, y>>
E == ~ENABLED (\E v \in S : v > x /\ x' = v /\ UNCHANGED <<y, S>>) /\ x = 3 /\ x' = 1 /\ UNCHANGED <<y, S>>
Next == A \/ B \/ C \/ D \/ E
Many == Cardinality(S) < 4
NoB1 == ~(x = 1 /\ y = "b")
Within == S \subseteq 0..3
NotAll == ~(x = 0 /\ 3 \in S /\ y = "b")
====
