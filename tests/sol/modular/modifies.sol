// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: M::setOwn: OK
// expect: M::setOther: ERROR
// expect: M::setXIf: OK
// expect: M::setXWrongly: ERROR
// expect: modifies.sol:23:5: Function might modify 'm' illegally
// expect: modifies.sol:31:5: Function might modify 'x' illegally
// expect: N::pay: OK
// expect: N::payIllegally: ERROR
// expect: N::setZ: ERROR

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

// every function of a contract with `modifies` is framed, the contract's balance too
contract N {
    uint z;
    /// @notice modifies address(this).balance
    function pay() public payable {}
    function payIllegally() public payable {}
    function setZ() public { z = 1; }
}
