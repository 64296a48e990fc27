(set-logic QF_BV)
(assert (= ))
