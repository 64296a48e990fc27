; expect: 2:30: expected a
(assert (= #x0 ((_ extract 3 x) #x0)))
