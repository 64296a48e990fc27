// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: B::toSelf: OK
// expect: B::toOther: OK
// expect: B::sendOther: OK
// expect: B::toOtherWrong: ERROR
// expect: balances.sol:36:9: Assertion might not hold.
// expect: F::payListed: OK
// expect: F::payUnlisted: ERROR
// expect: F::payIfWrong: ERROR
// expect: balances.sol:51:5: Function might modify balances illegally
// expect: balances.sol:57:5: Function might modify balances illegally
// balances of other addresses: a map credited by transfer/send/call{value}
contract B {
    function toSelf(uint a) public {
        require(address(this) == msg.sender);
        uint o = address(this).balance;
        if (address(this).balance >= a) payable(msg.sender).transfer(a);
        assert(o == address(this).balance);
    }
    function toOther(address payable to, uint a) public {
        require(address(this) != to);
        uint o = to.balance;
        if (address(this).balance >= a) to.transfer(a);
        assert(to.balance == o + a || address(this).balance < a);
    }
    function sendOther(address payable to, uint a) public {
        uint s = address(this).balance + to.balance;
        if (address(this).balance >= a) { bool ok = to.send(a); ok; }
        assert(s == address(this).balance + to.balance);
    }
    function toOtherWrong(address payable to, uint a) public {
        uint o = to.balance;
        if (address(this).balance >= a) to.transfer(a);
        assert(to.balance == o);
    }
}
// under a modifies frame the other balances are framed too
contract F {
    uint x;
    /// @notice modifies x
    function setX() public { x = 1; }
    /// @notice modifies address(this).balance
    /// @notice modifies to.balance
    function payListed(address payable to) public payable {
        require(address(this) != to);
        to.transfer(msg.value);
    }
    /// @notice modifies address(this).balance
    function payUnlisted(address payable to) public payable {
        require(address(this) != to);
        to.transfer(msg.value);
    }
    /// @notice modifies address(this).balance
    /// @notice modifies to.balance if msg.value < 10
    function payIfWrong(address payable to) public payable {
        require(address(this) != to);
        to.transfer(msg.value);
    }
}

// f{value: v}(..) of a known function: msg.value is v for its specification, the ether moves first
// expect: PayB::g: OK
// expect: PayB::gWrong: ERROR
// expect: PayB::gBalance: ERROR
contract PayA {
    /// @notice postcondition r == msg.value + x
    function f(uint x) public payable returns (uint r) { return msg.value + x; }
}
contract PayB {
    PayA a;
    function g(uint v) public { uint r = a.f{value: v}(10); assert(r == v + 10); }
    function gWrong(uint v) public { uint r = a.f{value: v}(10); assert(r == 10); }
    // a payable callee may change the balances (its modifies set, as Boogie finds it)
    function gBalance(uint v) public {
        require(address(a) != address(this));
        uint b = address(this).balance;
        a.f{value: v}(1);
        assert(address(this).balance == b - v);
    }
}
