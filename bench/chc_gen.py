#!/usr/bin/python3
"""Large CHC-COMP tasks for load-time measurements (bench/chc_load.sh).

chc_gen.py SHAPE MB OUT
  wide:  four predicates over 40 Int arguments, a few clauses whose
         constraints are long (a SeaHorn-style block encoding: many
         guarded updates with let and ite); safe.
  chain: a chain of predicates P0 -> P1 -> ... each with one defining
         clause (stresses inlining and model expansion); safe.
"""
import sys

def wide(out, target):
    n = 40
    args = ' '.join('(x%d Int)' % i for i in range(n))
    nxt = ' '.join('(y%d Int)' % i for i in range(n))
    xs = ' '.join('x%d' % i for i in range(n))
    ys = ' '.join('y%d' % i for i in range(n))
    out.write('(set-logic HORN)\n')
    for p in range(4):
        out.write('(declare-fun |B%d| (%s) Bool)\n' % (p, ' '.join(['Int'] * n)))
    out.write('(assert (forall (%s) (=> (and %s) (|B0| %s))))\n'
              % (args, ' '.join('(= x%d 0)' % i for i in range(n)), xs))
    size, k = 0, 0
    while size < target:
        src, dst = k % 4, (k + 1) % 4
        parts = []
        for j in range(400):
            i, m = (k * 7 + j) % n, (k * 13 + j * 3) % n
            parts.append('(let ((t%d (+ x%d %d))) (or (not (>= t%d 0)) (>= (ite (> x%d 0) t%d (- t%d x%d)) (- 0 %d))))'
                         % (j, i, j % 5, j, m, j, j, m, j + 1000000))
        upd = ' '.join('(= y%d (ite (>= x%d 0) (+ x%d %d) x%d))' % (i, i, i, (k + i) % 3, i) for i in range(n))
        text = '(assert (forall (%s %s) (=> (and (|B%d| %s) %s %s) (|B%d| %s))))\n' % (
            args, nxt, src, xs, ' '.join(parts), upd, dst, ys)
        out.write(text)
        size += len(text)
        k += 1
    out.write('(assert (forall (%s) (=> (and (|B3| %s) (< x0 0)) false)))\n(check-sat)\n' % (args, xs))

def chain(out, target):
    out.write('(set-logic HORN)\n')
    body, k = [], 0
    per = 260
    npreds = max(2, target // per)
    for i in range(npreds):
        out.write('(declare-fun |P%d| (Int Int Int Int) Bool)\n' % i)
    out.write('(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (= a 0) (= b 0) (>= c 0) (= d (+ c 1))) (|P0| a b c d))))\n')
    for i in range(1, npreds):
        out.write('(assert (forall ((a Int) (b Int) (c Int) (d Int) (e Int) (f Int) (g Int) (h Int)) '
                  '(=> (and (|P%d| a b c d) (= e (+ a 1)) (= f (+ b a %d)) (or (= g c) (= g (+ c 2))) (> h g)) (|P%d| e f g h))))\n'
                  % (i - 1, i % 7, i))
        if i % 97 == 0:
            out.write('(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (|P%d| a b c d) (< a 0)) false)))\n' % i)
    out.write('(check-sat)\n')

if __name__ == '__main__':
    shape, mb, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    with open(path, 'w') as f:
        {'wide': wide, 'chain': chain}[shape](f, int(mb * 1e6))
