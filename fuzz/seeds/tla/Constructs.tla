---- MODULE Constructs ----
\* Each ASSUME checks one construct of the evaluator; a false one makes
\* loading fail (tests/e2e/tla.sh expects SAFE with 1 distinct state).
EXTENDS Naturals, Integers, Sequences, FiniteSets, TLC
CONSTANTS N, Procs
VARIABLE x

Sq(a) == a * a
Apply(F(_), v) == F(v)
Apply2(F(_, _), a, b) == F(a, b)
Fact[n \in 0..5] == IF n = 0 THEN 1 ELSE n * Fact[n - 1]
a \oplus b == (a + b) % 10

ASSUME N = 3 /\ Cardinality(Procs) = 2
ASSUME 7 \div 2 = 3 /\ (-7) \div 2 = -4 /\ (-7) % 2 = 1 /\ 2^10 = 1024 /\ -7 \div 2 = -3
ASSUME {1, 2} \cup {3} = 1..3 /\ {1, 2, 3} \cap {2, 5} = {2} /\ (1..5) \ {2, 3} = {1, 4, 5}
ASSUME {x2 \in 1..10 : x2 % 3 = 0} = {3, 6, 9} /\ {y * 2 : y \in 1..3} = {2, 4, 6}
ASSUME SUBSET {1, 2} = {{}, {1}, {2}, {1, 2}} /\ UNION {{1}, {2, 3}} = 1..3
ASSUME Cardinality([{1, 2} -> {3, 4, 5}]) = 9 /\ [a |-> 1, b |-> 2] \in [a : Nat, b : 1..2]
ASSUME {1, 2} \X {3} = {<<1, 3>>, <<2, 3>>} /\ <<1, 2>> = [i \in 1..2 |-> i]
ASSUME LET f == [i \in 1..3 |-> i] IN [f EXCEPT ![2] = @ + 10][2] = 12 /\ DOMAIN f = 1..3
ASSUME LET r == [a |-> [b |-> 1]] IN [r EXCEPT !.a.b = 5].a.b = 5
ASSUME Append(<<1>>, 2) = <<1, 2>> /\ Head(<<4, 5>>) = 4 /\ Tail(<<4, 5>>) = <<5>> /\ Len(<<>>) = 0
ASSUME <<1>> \o <<2, 3>> = <<1, 2, 3>> /\ SubSeq(<<1, 2, 3, 4>>, 2, 3) = <<2, 3>>
ASSUME SelectSeq(<<1, 2, 3, 4>>, LAMBDA e : e % 2 = 0) = <<2, 4>> /\ <<1, 2>> \in Seq(Nat)
ASSUME (1 :> "a" @@ 2 :> "b")[2] = "b" /\ Sq(4) = 16 /\ Apply(Sq, 3) = 9 /\ Fact[5] = 120
ASSUME (CHOOSE y \in 1..10 : y > 7) = 8 /\ (\E y \in 1..3 : y = 2) /\ \A y \in {} : FALSE
ASSUME CASE N = 1 -> FALSE [] N = 3 -> TRUE [] OTHER -> FALSE
ASSUME IF N > 2 THEN TRUE ELSE FALSE
ASSUME 7 \oplus 5 = 2 /\ 5 \in Nat \ {0} /\ -1 \notin Nat /\ "ab" \in STRING
ASSUME \E <<p, q>> \in Procs \X Procs : p # q
ASSUME Cardinality(Permutations(Procs)) = 2 /\ ToString(3) = "3"
ASSUME /\ TRUE
       /\ \/ FALSE
          \/ TRUE
ASSUME (FALSE => FALSE) /\ (TRUE <=> TRUE) /\ ~FALSE
ASSUME LET g[i \in 1..3] == i + 1 IN g[2] = 3
ASSUME Apply2(+, 1, 2) = 3 /\ Apply2(\cup, {1}, {2}) = {1, 2} /\ Apply2(-, 5, 3) = 2

Init == x = 0
Next == UNCHANGED x
Inv == x = 0
====
@@CFG@@
CONSTANTS
  N = 3
  Procs = {p1, p2}
INIT Init
NEXT Next
INVARIANT Inv
