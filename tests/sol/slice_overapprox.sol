// A slice of a calldata array: its length is exact, its elements are
// over-approximated in the clauses; their counterexample is not
// confirmed by executing the contract, so never UNSAFE.
contract C {
	int[] s;
	function f(int[] calldata b, uint lo, uint hi) public {
		s = b[lo:hi];
		assert(s.length < 2 || s[1] != 5);
	}
}
