import { type Chain, type Hex, encodeFunctionData, hashMessage, serializeErc6492Signature } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_DEV_KEYS } from './anvil.js'
import { clientsFor } from './erc20.js'
import { siwxTestWalletFactoryAbi, siwxTestWalletFactoryBytecode } from './siwx-wallet.artifact.js'

/**
 * Contract accounts for sign-in tests on a local chain: a factory of ERC-1271 wallets whose owner key signs for
 * them, deployed wallets (checked with `isValidSignature`) and counterfactual ones (ERC-6492 wrapped signatures).
 *
 * @example
 * const wallets = await deploySiwxWalletFactory(anvil.rpcUrl, anvil.chain)
 * const address = await wallets.deploy(ownerKey, '0x01')
 * const signature = await wallets.sign1271(ownerKey, message)
 */
export async function deploySiwxWalletFactory(rpcUrl: string, chain: Chain, deployerKey: Hex = ANVIL_DEV_KEYS[0]) {
  const { wallet, public: client } = clientsFor(rpcUrl, chain, deployerKey)
  const hash = await wallet.deployContract({ abi: siwxTestWalletFactoryAbi, bytecode: siwxTestWalletFactoryBytecode })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`SiwxTestWalletFactory deployment failed (${hash})`)
  const factory = receipt.contractAddress
  const salt = (s: Hex) => `0x${s.slice(2).padStart(64, '0')}` as Hex
  const owner = (key: Hex) => privateKeyToAccount(key).address

  return {
    factory,
    /** Where the wallet of `ownerKey` with `salt` lives (or will). */
    addressOf: (ownerKey: Hex, s: Hex) =>
      client.readContract({ address: factory, abi: siwxTestWalletFactoryAbi, functionName: 'addressOf', args: [owner(ownerKey), salt(s)] }),
    /** Deploys the wallet and returns its address. */
    async deploy(ownerKey: Hex, s: Hex): Promise<Hex> {
      const tx = await wallet.writeContract({ address: factory, abi: siwxTestWalletFactoryAbi, functionName: 'deploy', args: [owner(ownerKey), salt(s)] })
      const done = await client.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
      if (done.status !== 'success') throw new Error(`wallet deployment failed (${tx})`)
      return client.readContract({ address: factory, abi: siwxTestWalletFactoryAbi, functionName: 'addressOf', args: [owner(ownerKey), salt(s)] })
    },
    /** The wallet's ERC-1271 signature of an EIP-191 message: its owner's raw signature of the message hash. */
    sign1271: (ownerKey: Hex, message: string) => privateKeyToAccount(ownerKey).sign({ hash: hashMessage(message) }),
    /** The same signature wrapped per ERC-6492 with the factory call that would deploy the wallet. */
    async sign6492(ownerKey: Hex, s: Hex, message: string): Promise<Hex> {
      const inner = await privateKeyToAccount(ownerKey).sign({ hash: hashMessage(message) })
      const data = encodeFunctionData({ abi: siwxTestWalletFactoryAbi, functionName: 'deploy', args: [owner(ownerKey), salt(s)] })
      return serializeErc6492Signature({ address: factory, data, signature: inner })
    },
  }
}
