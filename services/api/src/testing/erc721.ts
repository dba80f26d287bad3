import type { Chain, TransactionReceipt } from 'viem'
import { clientsFor } from './erc20.js'
import { testNftAbi, testNftBytecode } from './test-nft.artifact.js'

export { testNftAbi, testNftBytecode }

/** What {@link deployTestNft} needs: where to deploy, and the collection's parameters. */
export interface DeployNftOptions {
  rpcUrl: string
  chain: Chain
  /** Deployer key (default anvil account 0). */
  privateKey?: `0x${string}`
  name?: string
  symbol?: string
  /** tokenURI(id) is `baseURI + id + '.json'`. */
  baseURI: string
}

/** A deployed test collection. */
export interface DeployedNft {
  address: `0x${string}`
  name: string
  symbol: string
  receipt: TransactionReceipt
}

/**
 * Deploys the TestNft ERC-721 (source: TestNft.sol) and waits for its receipt.
 *
 * @example
 * const nft = await deployTestNft({ rpcUrl, chain, baseURI: 'http://localhost:4301/dev-nfts/' })
 */
export async function deployTestNft(options: DeployNftOptions): Promise<DeployedNft> {
  const name = options.name ?? 'Portico Test Shapes'
  const symbol = options.symbol ?? 'PTS'
  const { wallet, public: client } = clientsFor(options.rpcUrl, options.chain, options.privateKey)
  const hash = await wallet.deployContract({ abi: testNftAbi, bytecode: testNftBytecode, args: [name, symbol, options.baseURI] })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`TestNft deployment failed (${hash})`)
  return { address: receipt.contractAddress, name, symbol, receipt }
}

/**
 * Mints `tokenId` of a test collection to `to` (anyone may mint) and waits for the receipt.
 *
 * @example
 * await mintTestNft({ rpcUrl, chain, collection: nft.address, to: alice, tokenId: 1n })
 */
export async function mintTestNft(options: {
  rpcUrl: string
  chain: Chain
  collection: `0x${string}`
  to: `0x${string}`
  tokenId: bigint
  privateKey?: `0x${string}`
}): Promise<TransactionReceipt> {
  const { wallet, public: client } = clientsFor(options.rpcUrl, options.chain, options.privateKey)
  const hash = await wallet.writeContract({ address: options.collection, abi: testNftAbi, functionName: 'mint', args: [options.to, options.tokenId] })
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

/**
 * Moves `tokenId` from the key's account to `to` and waits for the receipt.
 *
 * @example
 * await transferTestNft({ rpcUrl, chain, collection, to: bob, tokenId: 1n, privateKey: aliceKey })
 */
export async function transferTestNft(options: {
  rpcUrl: string
  chain: Chain
  collection: `0x${string}`
  to: `0x${string}`
  tokenId: bigint
  privateKey?: `0x${string}`
}): Promise<TransactionReceipt> {
  const { account, wallet, public: client } = clientsFor(options.rpcUrl, options.chain, options.privateKey)
  const hash = await wallet.writeContract({
    address: options.collection,
    abi: testNftAbi,
    functionName: 'transferFrom',
    args: [account.address, options.to, options.tokenId],
  })
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}
