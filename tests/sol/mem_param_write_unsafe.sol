// A memory array written by an internal callee: the caller sees the write
// (reference semantics), through a nested call too.
contract C {
	function set(uint[] memory a, uint i, uint v) internal pure {
		a[i] = v;
	}
	function twice(uint[] memory a, uint v) internal pure {
		set(a, 0, v);
		set(a, 1, v + 1);
	}
	function f(uint[] memory x, uint v) public pure {
		require(x.length == 2);
		twice(x, v);
		assert(x[1] != 10);
	}
}
