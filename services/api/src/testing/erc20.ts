import {
  type Chain,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
  createPublicClient,
  createWalletClient,
  http,
  parseUnits,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { ANVIL_DEV_KEYS } from './anvil.js'
import { testTokenAbi, testTokenBytecode } from './test-token.artifact.js'

export { testTokenAbi, testTokenBytecode }

/** What {@link deployTestToken} needs: where to deploy, and the token's parameters. */
export interface DeployTokenOptions {
  rpcUrl: string
  chain: Chain
  /** Deployer key (default anvil account 0). */
  privateKey?: `0x${string}`
  name?: string
  symbol?: string
  decimals?: number
  /** Receives the initial supply (default: the deployer). */
  holder?: `0x${string}`
  /** Initial supply in whole tokens (default 1,000,000). */
  supply?: string
}

/** A deployed test token. */
export interface DeployedToken {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
  receipt: TransactionReceipt
}

/** Wallet and public clients for a key on a chain. */
export function clientsFor(
  rpcUrl: string,
  chain: Chain,
  privateKey: `0x${string}` = ANVIL_DEV_KEYS[0],
): { account: PrivateKeyAccount; wallet: WalletClient<Transport, Chain, PrivateKeyAccount>; public: PublicClient<Transport, Chain> } {
  const account = privateKeyToAccount(privateKey)
  const transport = http(rpcUrl, { retryCount: 0 })
  return {
    account,
    wallet: createWalletClient({ account, chain, transport }),
    public: createPublicClient({ chain, transport }),
  }
}

/** Deploys the TestToken ERC-20 (source: TestToken.sol) and waits for its receipt. */
export async function deployTestToken(options: DeployTokenOptions): Promise<DeployedToken> {
  const name = options.name ?? 'Portico Test Dollar'
  const symbol = options.symbol ?? 'PTD'
  const decimals = options.decimals ?? 6
  const { account, wallet, public: client } = clientsFor(options.rpcUrl, options.chain, options.privateKey)
  const hash = await wallet.deployContract({
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: [name, symbol, decimals, options.holder ?? account.address, parseUnits(options.supply ?? '1000000', decimals)],
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`TestToken deployment failed (${hash})`)
  return { address: receipt.contractAddress, name, symbol, decimals, receipt }
}

/** Sends `amount` (whole tokens, decimal string) of a test token and waits for the receipt. */
export async function transferTestToken(options: {
  rpcUrl: string
  chain: Chain
  token: `0x${string}`
  to: `0x${string}`
  amount: string
  decimals: number
  privateKey?: `0x${string}`
}): Promise<TransactionReceipt> {
  const { wallet, public: client } = clientsFor(options.rpcUrl, options.chain, options.privateKey)
  const hash: Hash = await wallet.writeContract({
    address: options.token,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [options.to, parseUnits(options.amount, options.decimals)],
  })
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

/** Sends native currency (`amount` in ether, decimal string) and waits for the receipt. */
export async function sendNative(options: {
  rpcUrl: string
  chain: Chain
  to: `0x${string}`
  amount: string
  privateKey?: `0x${string}`
}): Promise<TransactionReceipt> {
  const { wallet, public: client } = clientsFor(options.rpcUrl, options.chain, options.privateKey)
  const hash = await wallet.sendTransaction({ to: options.to, value: parseUnits(options.amount, 18) })
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}
