// Other addresses' balances: a transfer to this contract itself with too
// little ether reverts, so a is another address and receives the 600.
contract C {
	function f(address payable a) public {
		require(a.balance == 100);
		a.transfer(600);
		assert(a.balance == 700);
	}
}
