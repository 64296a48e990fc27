// A call through a variable that holds this is a call of this (trusted or
// not): c.inc() runs inc with msg.sender = this, c.s() is the getter of a
// struct with a nested struct (members but arrays, as a tuple).
contract C {
	struct T { uint t; }
	struct S { uint x; T t; uint[] a; }
	uint public n;
	S public s;
	function inc() public { n++; s.t.t = n; }
	function f() public {
		C c = this;
		c.inc();
		(uint x, T memory t) = c.s();
		assert(x == 0 && c.n() == t.t);
		assert(t.t < 3);
	}
}
