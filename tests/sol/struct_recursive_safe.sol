// A recursive struct type: two trees grown in step stay equal.
contract C {
	struct Node { uint v; Node[] kids; }
	Node l;
	Node r;
	function grow(uint x) public {
		l.kids.push();
		r.kids.push();
		l.kids[0].v = x;
		r.kids[0].v = x;
	}
	function check() public view {
		assert(l.kids.length == r.kids.length);
		if (l.kids.length > 0) assert(l.kids[0].v == r.kids[0].v);
	}
}
