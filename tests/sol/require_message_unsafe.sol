// The arguments of require's error and of revert run first, whatever the
// condition: an assertion failing in them is a failure (they were skipped).
contract C {
	uint x;
	error E(uint);
	function m() internal view returns (uint) { assert(x < 2); return 1; }
	function set(uint v) public { x = v; }
	function i() public view { require(x == 100, E(m())); }
	function j() public view { if (x == 5) revert E(m()); }
}
