// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Interval bounds at loop heads, as Boogie's abstract interpretation gives
// solc-verify (thresholds: the literals +-1, the entry value), checked on
// entry and kept before they are assumed. A check that fails with them
// after the function's own loop is an ERROR, as in solc-verify
// (LoopInvar.cannotProveWithoutInvariant); a relational invariant the Horn
// engines would find is not assumed, only suggested in a note. (bounded: a loop body without braces
// keeps its invariant.)
// The note needs the Horn engines: a budget no load of the machine exhausts
// (they take about a second alone).
// flags: --timeout 600 --sol-suggest-time 120
// verdict: UNSAFE
// expect: I::bounded: OK
// expect: I::doWhile: OK
// expect: I::relational: ERROR
// expect: intervals.sol:45:9: Assertion might not hold.
// expect: I::threshold: OK
// expect: I::notABound: ERROR
// expect: intervals.sol:58:9: Assertion might not hold.
// expect: I::computedEntry: SKIPPED
// expect: note: intervals.sol:65:9: suggested loop invariant (found by the Horn engines): /// @notice invariant
// expect: I::[implicit_constructor]: OK

contract I {
    function bounded() public pure {
        uint x = 0;
        /// @notice invariant i == x
        for (uint i = 0; i < 10; i++) x++;
        assert(x == 10);
    }

    function doWhile() public pure {
        uint i = 0;
        uint x = 0;
        /// @notice invariant x == i
        do { i++; x = i; } while (i < 7);
        assert(x == 7);
    }

    function relational() public pure {
        int i = 0;
        int x = 0;
        while (i < 10) { i++; x++; }
        assert(x == i);   // holds, but not with intervals: as solc-verify
    }

    function threshold(uint n) public pure {
        uint i = 0;
        while (i < n && i < 100) i += 2;
        assert(i <= 101);   // i <= 101: a threshold from this literal
    }

    function notABound() public pure {
        uint i = 0;
        uint s = 0;
        while (i < 10) { s += i; i++; }
        assert(s <= 45);   // holds, but needs more than intervals
    }

    function computedEntry(uint n) public pure {
        require(n < 5);
        uint i = n + 1;
        uint x = n + 1;
        while (i < 10) { i++; x++; }
        assert(x == i);   // Boogie's bound on i may come from its entry value: not an ERROR
    }
}
