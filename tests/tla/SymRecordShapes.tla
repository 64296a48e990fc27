---- MODULE SymRecordShapes ----
\* A variable holding records of several shapes (TLC's [op, adr] and
\* [op, adr, val]) in the fixed layout of the TS engines: the union of the
\* fields seen, a domain leaf per field.
EXTENDS Naturals
VARIABLE m
Init == m = [op |-> "none"]
Next == \/ m.op = "none" /\ m' = [op |-> "rd", adr |-> 1]
        \/ m.op = "rd" /\ m' = [op |-> "wr", adr |-> m.adr, val |-> 2]
        \/ m.op = "wr" /\ m' = [op |-> "none"]
Typed == /\ (m.op = "wr") => (m.val = 2 /\ m.adr = 1)
         /\ (m.op = "none") => (DOMAIN m = {"op"})
NoWrite == m.op # "wr"
====
