// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: M::setOwn: OK
// expect: M::setOther: ERROR
// expect: M::setXIf: OK
// expect: M::setXWrongly: ERROR
// expect: modifies.sol:20:5: Function might modify 'm' illegally
// expect: modifies.sol:28:5: Function might modify 'x' illegally

contract M {
    mapping(address => uint) m;
    uint x;

    /// @notice modifies m[msg.sender]
    function setOwn(uint v) public {
        m[msg.sender] = v;
    }
    /// @notice modifies m[msg.sender]
    function setOther(address a, uint v) public {
        m[a] = v;
    }
    /// @notice modifies x if v > 10
    function setXIf(uint v) public {
        if (v > 10) x = v;
    }
    /// @notice modifies x if v > 10
    function setXWrongly(uint v) public {
        x = v;
    }
}
