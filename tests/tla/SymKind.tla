---- MODULE SymKind ----
\* "Is a set" literals for the step-wise BMC's facts (tla_cand.c): temp is
\* a string at "wait" and a set at "scan", where \E j \in temp would be an
\* evaluation error on a string. The relative check of the step's errors
\* needs pc = "scan" => temp is a set (and temp a string or a set), which
\* no literal over values says: with it, proved for all depths; without,
\* SAFE up to depth 10 only. The Late variant's sample (Init, a scan
\* state and Noise's first states: 30000 of 40000 at depth 1) holds the
\* fact, and the step 12 steps after x = 40000 falsifies it (temp = "odd",
\* then Scan's error): the fact must be dropped, never used unproved (that
\* would be a wrong SAFE for all depths: no other fact excludes "odd").
EXTENDS Integers
VARIABLES pc, temp, x, y
Init == pc = "wait" /\ temp = "none" /\ x = 0 /\ y = 0
Grab == pc = "wait" /\ pc' = "scan" /\ temp' = {1, 2} /\ UNCHANGED x
Scan == pc = "scan" /\ temp # {} /\ \E j \in temp : temp' = temp \ {j} /\ UNCHANGED <<pc, x>>
Done == pc = "scan" /\ temp = {} /\ pc' = "wait" /\ temp' = "none" /\ UNCHANGED x
Next == (Grab \/ Scan \/ Done) /\ UNCHANGED y
Inv == pc = "wait" => temp = "none"
InitLate == pc = "wait" /\ temp = "none" /\ x \in {0, 40000} /\ y = 0
Noise == y = 0 /\ y' \in 1..40000 /\ UNCHANGED <<pc, temp, x>>
Tick == x >= 40000 /\ x < 40011 /\ pc = "wait" /\ x' = x + 1 /\ UNCHANGED <<pc, temp, y>>
Bad == x = 40011 /\ pc = "wait" /\ pc' = "scan" /\ temp' = "odd" /\ UNCHANGED <<x, y>>
NextLate == Next \/ Noise \/ Tick \/ Bad
InvLate == TRUE
====
