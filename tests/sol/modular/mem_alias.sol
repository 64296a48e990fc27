// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
pragma experimental ABIEncoderV2;
// Memory parameters of one type may alias in solc-verify's model (the
// function may be called internally): both cases are checked.
// verdict: UNSAFE
// expect: M::mayAlias: ERROR
// expect: mem_alias.sol:28:9: Assertion might not hold.
// expect: M::eitherWay: OK
// expect: M::distinctFails: ERROR
// expect: mem_alias.sol:44:9: Assertion might not hold.
// expect: M::nested: SKIPPED
// expect: M::refCopy: OK
// expect: M::refCopyWrong: ERROR
// expect: mem_alias.sol:71:9: Assertion might not hold.
// expect: M::rebound: SKIPPED
// expect: M::[implicit_constructor]: OK

contract M {
    struct S { int x; }
    struct N { int[] a; }

    function mayAlias(S memory s1, S memory s2) public pure {
        s1.x = 1;
        s2.x = 2;
        assert(s2.x == 2);
        // holds unless s1 and s2 are one object
        assert(s1.x == 1);
    }

    function eitherWay(int[] memory a1, int[] memory a2) public pure {
        require(a1.length > 0 && a2.length > 0);
        a1[0] = 5;
        a2[0] = 5;
        assert(a1[0] == 5 && a2[0] == 5);
    }

    function distinctFails(S memory s1, S memory s2) public pure {
        s1.x = 1;
        s2.x = 1;
        assert(s1.x == s2.x);
        // fails when they are distinct (s2.x stays)
        s1.x = 2;
        assert(s2.x == 2);
    }

    function nested(N memory n1, N memory n2) public pure {
        require(n1.a.length > 0);
        n1.a[0] = 1;
        assert(n1.a[0] == 1);
        n2.a = n1.a;
    }

    // a memory local bound to another one refers to the same object
    function refCopy(int v) public pure {
        S memory a = S(1);
        S memory b = a;
        S memory c = b;
        c.x = v;
        assert(a.x == v && b.x == v);
        int[] memory u = new int[](2);
        int[] memory w = u;
        w[1] = v;
        assert(u[1] == v);
    }

    function refCopyWrong(int v) public pure {
        S memory a = S(1);
        S memory b = a;
        b.x = v;
        assert(a.x == 1);
    }

    // b is rebound later: not one object throughout (unsupported)
    function rebound() public pure {
        S memory a = S(1);
        S memory b = a;
        b.x = 2;
        b = S(3);
        assert(a.x == 2);
    }
}
