; expect: 3:9: sort mismatch:
(declare-const b Bool)
(assert (+ b 1))
(check-sat)
