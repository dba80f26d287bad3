// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A minimal Farcaster IdRegistry for local chains and tests.
/// @notice Same read interface as Farcaster's IdRegistry on Optimism (`custodyOf`, `idOf`): an address registers
/// once and gets the next fid, of which it is the custody address. No recovery, no transfers.
contract IdRegistry {
    uint256 public idCounter;
    mapping(uint256 => address) public custodyOf;
    mapping(address => uint256) public idOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();

    /// @notice Registers the caller as the custody address of a new fid.
    function register() external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        custodyOf[fid] = msg.sender;
        idOf[msg.sender] = fid;
        emit Register(msg.sender, fid, address(0));
    }
}
