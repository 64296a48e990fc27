// Other addresses' balances: two transfers to the same address add up.
contract C {
	function f(address payable a, address payable b) public {
		require(a.balance == 0);
		a.transfer(600);
		b.transfer(1000);
		assert(a.balance == 600);
	}
}
