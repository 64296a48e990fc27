// SPDX-License-Identifier: GPL-3.0
pragma solidity ^0.8.0;
// A vault whose withdrawals can exceed what the owner put in: the assertion fails
// after a deposit and two withdrawals.
contract Vault {
    uint256 deposited;
    uint256 withdrawn;
    function deposit(uint256 x) public { require(x < 100); deposited += x; }
    function withdraw(uint256 x) public {
        require(x <= deposited);
        withdrawn += x;
        assert(withdrawn <= deposited);
    }
}
