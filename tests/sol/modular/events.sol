// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Events with specifications: emits, tracked data, event pre/postconditions.
// verdict: UNSAFE
// expect: R::add: OK
// expect: R::update: OK
// expect: R::wrongValue: ERROR
// expect: R::noEmit: ERROR
// expect: R::emitTwice: ERROR
// expect: R::undeclared: OK
// expect: S::setName: OK
// expect: events.sol:32:14: Event postcondition 'entries[at] == value' might not hold before emit changed.
// expect: events.sol:20:5: Function can end without triggering event
// expect: events.sol:20:5: Event triggered without changes to data

contract R {
    mapping(address => int) entries;
    /// @notice tracks-changes-in entries
    /// @notice postcondition entries[at] == value
    event changed(address at, int value);

    /// @notice emits changed
    function add(int value) public { entries[msg.sender] += value; emit changed(msg.sender, entries[msg.sender]); }
    /// @notice emits changed
    function update(int value) public {
        entries[msg.sender] = value;
        emit changed(msg.sender, value);
    }
    /// @notice emits changed
    function wrongValue(int value) public {
        entries[msg.sender] = value;
        emit changed(msg.sender, value + 1);
    }
    /// @notice emits changed
    function noEmit(int value) public { entries[msg.sender] = value; }
    /// @notice emits changed
    function emitTwice(int value) public {
        entries[msg.sender] = value;
        emit changed(msg.sender, value);
        emit changed(msg.sender, value);
    }
    // no event declared: solc-verify asks for none (event_undeclared.sol)
    function undeclared(int value) public { entries[msg.sender] = value; }
}
// an event's string parameter (no data location) in its specification
contract S {
    string name;
    /// @notice tracks-changes-in name
    /// @notice postcondition __verifier_eq(name, n)
    event named(string n);
    /// @notice emits named
    function setName(string memory n) public {
        name = n;
        emit named(n);
    }
}
