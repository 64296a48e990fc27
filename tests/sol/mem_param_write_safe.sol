// Writes into a memory argument by an internal callee land in the
// caller's object; a copy from storage is a different object.
contract C {
	uint[] s;
	function set(uint[] memory a, uint v) internal pure {
		a[0] = v;
	}
	function f(uint[] memory x, uint v) public {
		require(x.length == 1 && s.length == 1);
		set(x, v);
		assert(x[0] == v);
		uint before = s[0];
		set(s, v + 1);   // a memory copy of s: s itself keeps its value
		assert(s[0] == before);
	}
	function g() public { s.push(); }
}
