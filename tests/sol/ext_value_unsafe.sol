// Ether sent with a call: to this it comes back at once, to unknown code
// it leaves (and unknown code may call back the payable function).
interface I { function pay() external payable; }
contract C {
	uint got;
	function h() external payable { got += msg.value; }
	function f(I i) public {
		require(address(this).balance == 100);
		this.h{value: 10}();
		assert(address(this).balance == 100 && got >= 10);
		i.pay{value: 30}();
		assert(address(this).balance >= 70);
		assert(got == 10);   // fails: unknown code may call h back with ether
	}
}
