; expect: 2:18: unknown sort
(declare-const x Integer)
