// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal contract account for sign-in tests: a signature is valid (ERC-1271) when its owner's key signed the hash.
contract SiwxTestWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// Deploys SiwxTestWallet with CREATE2, so a wallet's address is known before it exists (ERC-6492 counterfactual).
contract SiwxTestWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = address(new SiwxTestWallet{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(SiwxTestWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
