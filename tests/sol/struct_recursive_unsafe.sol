// A recursive struct type two levels deep: the grandchild's value can be 7.
contract C {
	struct Node { uint v; Node[] kids; }
	Node root;
	function add(uint x) public {
		root.kids.push();
		root.kids[0].kids.push();
		root.kids[0].kids[0].v = x;
	}
	function check() public view {
		require(root.kids.length > 0 && root.kids[0].kids.length > 0);
		assert(root.kids[0].kids[0].v != 7);
	}
}
