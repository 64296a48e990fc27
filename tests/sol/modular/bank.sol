// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: Bank::deposit: OK
// expect: Bank::withdrawLate: ERROR
// expect: bank.sol:27:18: Invariant '__verifier_sum_uint(balances) <= address(this).balance' might not hold before external call.
// expect: Bank::withdrawEarly: OK
// expect: Bank::[implicit_constructor]: OK
// expect: Bank::[receive_ether_selfdestruct]: OK

/**
 * @notice invariant __verifier_sum_uint(balances) <= address(this).balance
 */
contract Bank {
    mapping(address => uint) balances;

    // (no modifies: ether to other addresses is not framed)
    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    // (no modifies: ether to other addresses is not framed)
    //
    function withdrawLate(uint amount) public {
        require(balances[msg.sender] >= amount);
        bool ok;
        (ok, ) = msg.sender.call{value: amount}("");
        if (!ok) revert();
        balances[msg.sender] -= amount;
    }

    function withdrawEarly(uint amount) public {
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        bool ok;
        (ok, ) = msg.sender.call{value: amount}("");
        if (!ok) revert();
    }
}
