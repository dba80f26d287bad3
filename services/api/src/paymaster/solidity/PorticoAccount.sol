// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

// Portico's smart account on the local chains: the `@account-abstraction/contracts` 0.7.0 SimpleAccount plus
// ERC-1271, so that viem's verifyMessage accepts its signatures (ERC-6492 before deployment, ERC-1271 after).
// Compiled by compile.ts beside this file into SimpleAccount1271Factory.json (committed; compile.test.ts checks
// that the two never drift). Change this file, then rerun `npx tsx services/api/src/paymaster/solidity/compile.ts`.

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import "@account-abstraction/contracts/samples/SimpleAccount.sol";

/// SimpleAccount v0.7 plus ERC-1271. The owner signs, as an EIP-191 message, the replay-safe hash
/// keccak256(abi.encode(hash, account, chainid)): a signature is bound to this account on this chain
/// (the login frame signs the same way, services/frame/page/src/smartAccount.ts).
contract SimpleAccount1271 is SimpleAccount {
    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// ERC-1271: 0x1626ba7e when the owner signed `hash` for this account and chain, 0xffffffff otherwise.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        bytes32 safe = MessageHashUtils.toEthSignedMessageHash(keccak256(abi.encode(hash, address(this), block.chainid)));
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecover(safe, signature);
        return err == ECDSA.RecoverError.NoError && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// SimpleAccountFactory v0.7's interface (createAccount, getAddress), deploying SimpleAccount1271 behind the same
/// ERC1967Proxy, so permissionless' toSimpleSmartAccount, the bundler and the paymaster use it unchanged.
contract SimpleAccount1271Factory {
    SimpleAccount1271 public immutable accountImplementation;

    constructor(IEntryPoint _entryPoint) {
        accountImplementation = new SimpleAccount1271(_entryPoint);
    }

    /// Deploys the account of `owner` with `salt` (or returns it when it exists already).
    function createAccount(address owner, uint256 salt) public returns (SimpleAccount1271 ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return SimpleAccount1271(payable(addr));
        ret = SimpleAccount1271(payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))));
    }

    /// The counterfactual address of the account of `owner` with `salt`.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(bytes32(salt), keccak256(abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner))))));
    }
}
