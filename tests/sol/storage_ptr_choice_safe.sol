// Storage pointers to several places: the write goes exactly where the
// pointer points (conditional, loop rebinding, arguments of different
// shapes, returned pointers).
contract C {
	struct S { uint x; uint[] a; }
	S s1;
	S s2;
	mapping(uint => S) ms;
	function pick(bool b) internal view returns (S storage) {
		return b ? s1 : s2;
	}
	function set(S storage p, uint v) internal {
		p.x = v;
	}
	function f(bool b, uint key, uint v) public {
		require(v > 0);
		S storage p = pick(b);
		set(p, v);
		assert(b ? s1.x == v : s2.x == v);
		set(ms[key], v + 1);
		assert(ms[key].x == v + 1);
		assert(b ? s1.x == v : s2.x == v);
		for (uint i = 0; i < 2; i++) {
			p = i == 0 ? s1 : ms[key];
			p.a.push();
		}
		assert(ms[key].a.length > 0 && s1.a.length > 0);
	}
}
