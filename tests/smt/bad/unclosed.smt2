; expect: 4:1: expected a
(check-sat)
(assert (and true
