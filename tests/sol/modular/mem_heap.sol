// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
pragma experimental ABIEncoderV2;
// Memory references as solc-verify models them (objects on a heap).
// Parameters that are only read: aliasing cannot matter (one object has
// values two distinct ones may have), so nested ones are fine too.
// verdict: UNSAFE
// expect: H::readOnly: OK
// expect: H::readOnlyWrong: ERROR
// expect: mem_heap.sol:49:9: Assertion might not hold.
// expect: H::rebind: OK
// expect: H::rebindWrong: ERROR
// expect: mem_heap.sol:74:9: Assertion might not hold.
// expect: H::rebindBranch: SKIPPED
// expect: H::rebindLoop: OK
// expect: H::rebindTwice: OK
// expect: H::rebindLoopWrong: ERROR
// expect: mem_heap.sol:116:9: Assertion might not hold.
// expect: H::moveIn: OK
// expect: H::moveInWrong: ERROR
// expect: mem_heap.sol:135:9: Assertion might not hold.
// expect: H::stillNamed: SKIPPED
// expect: H::distinctRefs: OK
// expect: H::distinctRefsWrong: ERROR
// expect: mem_heap.sol:156:5: Postcondition '__verifier_eq(a, b)' might not hold at end of function.
// expect: H::sharedRef: SKIPPED
// expect: H::[implicit_constructor]: OK

contract H {
    struct T { int z; }
    struct S { int x; T t; }

    S st;

    function readOnly(S memory a, S memory b) public {
        require(a.t.z == b.t.z);
        st = a;
        assert(st.t.z == b.t.z);
        st = b;
        assert(st.t.z == a.t.z);
    }

    // a and b may be distinct objects with different values
    function readOnlyWrong(S memory a, S memory b) public {
        st = a;
        st.t.z = 1;
        assert(st.t.z == 1);
        st = b;
        assert(st.t.z == a.t.z);
    }

    // Rebinding a memory local at the top level: x = y makes x name y's
    // object; x = S0(..) gives it an object of its own.
    struct S0 { int x; }

    function rebind(int v) public pure {
        S0 memory a = S0(1);
        S0 memory b = S0(2);
        a = b;
        a.x = v;
        assert(b.x == v);
        b = S0(7);
        assert(a.x == v && b.x == 7);
        S0 memory c = a;
        c.x = 3;
        assert(a.x == 3 && b.x == 7);
    }

    function rebindWrong() public pure {
        S0 memory a = S0(1);
        S0 memory b = S0(2);
        a = b;
        a.x = 5;
        assert(b.x == 2);
    }

    // a rebinding under a branch is not encoded
    function rebindBranch(bool f) public pure {
        S0 memory a = S0(1);
        S0 memory b = S0(2);
        if (f) a = b;
        a.x = 5;
        assert(b.x == 2 || f);
    }

    // the loop writes b's object through a
    function rebindLoop(uint n) public pure {
        S0 memory a = S0(1);
        S0 memory b = S0(2);
        a = b;
        /// @notice invariant i <= n && b.x >= 2 + int(i)
        for (uint i = 0; i < n; i++) a.x = a.x + 1;
        assert(b.x >= 2 + int(n));
    }

    modifier twice() { _; _; }

    // the body runs twice: each run starts from its own objects
    function rebindTwice() public pure twice {
        S0 memory a = S0(1);
        S0 memory b = S0(2);
        assert(a.x == 1 && b.x == 2);
        a = b;
        a.x = 5;
        assert(b.x == 5);
        b = S0(3);
        assert(a.x == 5 && b.x == 3);
    }

    // the loop's havoc reaches b's object through a
    function rebindLoopWrong(uint n) public pure {
        S0 memory a = S0(1);
        S0 memory b = S0(2);
        a = b;
        for (uint i = 0; i < n; i++) a.x = a.x + 1;
        assert(b.x == 2);
    }

    // a memory local handed over to a new struct (named once, never after):
    // the struct's member is that object
    struct W { int x; S0 s; }

    function moveIn(int v) public pure {
        S0 memory t = S0(2);
        W memory w = W(1, t);
        W memory w2 = w;
        w2.s.x = v;
        assert(w.s.x == v && w2.x == 1);
    }

    function moveInWrong(int v) public pure {
        S0 memory t = S0(2);
        W memory w = W(1, t);
        w.s.x = v;
        assert(w.s.x == 2);
    }

    // t is named after: writes through w.s show in t (not encoded)
    function stillNamed() public pure {
        S0 memory t = S0(2);
        W memory w = W(1, t);
        w.s.x = 3;
        assert(t.x == 3);
    }

    // __verifier_eq on memory references compares references: known for
    // variables that only ever hold objects made for them
    /// @notice postcondition !__verifier_eq(a, b)
    function distinctRefs() public pure returns (S0 memory a, S0 memory b) {
        a = S0(1);
        b = S0(1);
        return (a, b);
    }

    /// @notice postcondition __verifier_eq(a, b)
    function distinctRefsWrong() public pure returns (S0 memory a, S0 memory b) {
        a = S0(1);
        b = S0(1);
    }

    /// @notice postcondition __verifier_eq(a, b)
    function sharedRef() public pure returns (S0 memory a, S0 memory b) {
        a = S0(1);
        b = a;
    }
}
