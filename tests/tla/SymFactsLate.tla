---- MODULE SymFactsLate ----
\* A fact every sampled state satisfies (y # "mid": the sample holds the
\* first 30000 of Init's 50001 states) that a step falsifies (from
\* x = 39999): the step-wise BMC must drop it (tla_bmc.c `facts`) and find
\* the violation at depth 2; used unproved, it would make NotHi look
\* inductive. c and d only make "mid" and "hi" values of the sample.
EXTENDS Integers
VARIABLES x, y, c, d
InitLate == x \in 0..50000 /\ y = "lo" /\ c = "mid" /\ d = "hi"
NextLate == /\ x < 50000 /\ x' = x + 1
            /\ y' = IF x' = 40000 THEN c ELSE IF y = "mid" THEN "hi" ELSE y
            /\ UNCHANGED <<c, d>>
NotHi == y # "hi"
====
