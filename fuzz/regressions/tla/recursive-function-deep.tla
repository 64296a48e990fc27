---- MODULE Concts ----
\* SSU
Fact[n \in 0..5] == IF n = 5 THEN 1 ELSE n * Fact[n -1]
a \oplus b ==ty(P)
ASSUME 7 \div 2 = 3 /\ (-7) /= 9\ Fact = 3 /\ Apply(\, {1}, {2}) Init == x = 0
Next == UNCH
Inv ==0
====IT Inv
