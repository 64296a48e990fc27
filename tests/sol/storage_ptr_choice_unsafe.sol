// Storage pointers to several places: chosen by a conditional, rebound in
// a loop, passed with different shapes, returned by a function.
contract C {
	struct S { uint x; uint[] a; }
	S s1;
	S s2;
	mapping(uint => S) ms;
	function pick(bool b) internal view returns (S storage) {
		return b ? s1 : s2;
	}
	function bump(S storage p, uint k) internal {
		p.x += k;
	}
	function f(bool b, uint n, uint key) public {
		S storage p = pick(b);
		bump(p, 1);
		bump(ms[key], 2);
		for (uint i = 0; i < n && i < 3; i++) {
			p.x += 1;
			p = i % 2 == 0 ? s2 : ms[key];
		}
		// one call with n = 3 adds 1 + 1 + 1 to s1.x + s2.x
		assert(s1.x + s2.x < 3);
	}
}
