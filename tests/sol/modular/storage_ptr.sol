// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Storage pointers rebound to another place after a read (a place found
// late: the lowering is retried knowing it) and written while they may
// point at two places (conditional).
// verdict: UNSAFE
// expect: P::rebound: OK
// expect: P::either: OK
// expect: P::wrongSide: ERROR
// expect: storage_ptr.sol:52:9: Assertion might not hold.
// expect: P::swapRefs: OK
// expect: P::notSwapped: ERROR
// expect: storage_ptr.sol:73:9: Assertion might not hold.
// expect: P::returned: OK
// expect: P::returnedWrong: ERROR
// expect: storage_ptr.sol:98:9: Assertion might not hold.
// expect: P::[implicit_constructor]: OK

contract P {
    struct S { int x; }
    mapping(int => S) m1;
    mapping(int => S) m2;

    function rebound() public {
        m1[0].x = 1;
        m2[5].x = 3;
        mapping(int => S) storage m = m1;
        assert(m[0].x == 1);
        m[0].x = 2;
        assert(m1[0].x == 2);
        m = m2;
        assert(m[5].x == 3);
        m[5].x = 4;
        assert(m2[5].x == 4 && m1[0].x == 2);
    }

    function either(bool b) public {
        m1[0].x = 1;
        m2[0].x = 1;
        mapping(int => S) storage m = b ? m1 : m2;
        m[0].x = 7;
        assert(b ? m1[0].x == 7 && m2[0].x == 1 : m2[0].x == 7 && m1[0].x == 1);
    }

    function wrongSide(bool b) public {
        m1[0].x = 1;
        m2[0].x = 1;
        mapping(int => S) storage m = m1;
        if (b) m = m2;
        m[0].x = 7;
        // fails when b: m2 changed, not m1
        assert(m1[0].x == 7);
    }

    S a1;
    S a2;

    // solc stores the components from the last to the first, each storage
    // reference copied at that moment: a2 = a1, then a1 = a2
    function swapRefs(int v, int w) public {
        a1.x = v;
        a2.x = w;
        (a1, a2) = (a2, a1);
        assert(a1.x == v && a2.x == v);
        (a1.x, a2) = (w, a1);
        assert(a1.x == w && a2.x == v);
    }

    function notSwapped(int v, int w) public {
        a1.x = v;
        a2.x = w;
        (a1, a2) = (a2, a1);
        assert(a1.x == w);
    }

    S[3] u;

    // a storage pointer returned by an internal function, met before the
    // callee was lowered (a second attempt lowers it first)
    function pick(uint i, bool c) internal view returns (S storage) {
        if (c) return u[i];
        return a1;
    }

    function returned() public {
        u[1].x = 1;
        a1.x = 2;
        S storage p = pick(1, true);
        assert(p.x == 1);
        p = pick(1, false);
        assert(p.x == 2);
    }

    function returnedWrong(bool c) public {
        u[1].x = 1;
        a1.x = 2;
        S storage p = pick(1, c);
        assert(p.x == 1);
    }
}
