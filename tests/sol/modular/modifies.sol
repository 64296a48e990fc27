// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: M::setOwn: OK
// expect: M::setOther: ERROR
// expect: M::setXIf: OK
// expect: M::setXWrongly: ERROR
// expect: modifies.sol:29:5: Function might modify 'm' illegally
// expect: modifies.sol:37:5: Function might modify 'x' illegally
// expect: modifies.sol:47:5: Function might modify balances illegally
// expect: modifies.sol:57:5: Function might modify 'a' illegally
// expect: modifies.sol:60:5: Function might modify 'a' illegally
// expect: N::pay: OK
// expect: N::payIllegally: ERROR
// expect: N::setZ: ERROR
// expect: P::push: OK
// expect: P::pushLenOnly: ERROR
// expect: P::pushWrongIdx: ERROR

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
// targets are read in the state at the end (conditions at the entry); a.length
contract P {
    int[] a;
    /// @notice modifies a[a.length - 1]
    /// @notice modifies a.length
    function push(int v) public { a.push(v); }
    /// @notice modifies a.length
    function pushLenOnly(int v) public { a.push(v); }
    /// @notice modifies a[0]
    /// @notice modifies a.length
    function pushWrongIdx(int v) public { require(a.length > 3); a.push(v); }
}
