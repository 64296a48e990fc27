// A memory reference shared through a call's result, then written: the
// lowering copies values, so this aliasing is unsupported (never SAFE).
contract C {
	function id(uint[] memory a) internal pure returns (uint[] memory) { return a; }
	function f(uint[] memory x) public pure {
		require(x.length == 2 && x[0] == 0);
		uint[] memory b = id(x);
		b[0] = 1;
		assert(x[0] == 0);
	}
}
