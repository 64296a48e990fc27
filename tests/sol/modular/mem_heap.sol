// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
pragma experimental ABIEncoderV2;
// Memory references as solc-verify models them (objects on a heap).
// Parameters that are only read: aliasing cannot matter (one object has
// values two distinct ones may have), so nested ones are fine too.
// verdict: UNSAFE
// expect: H::readOnly: OK
// expect: H::readOnlyWrong: ERROR
// expect: mem_heap.sol:33:9: Assertion might not hold.
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
}
