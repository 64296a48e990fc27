(declare-datatypes ((D 0)) (((A) (B))))
(declare-const d D)
(assert (= d A))
(check-sat)
