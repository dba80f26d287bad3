import { type Address, type Chain, type Hex, createPublicClient, createWalletClient, defineChain, getContractAddress, http, keccak256, numberToHex, parseEther, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { idRegistryAbi, idRegistryBytecode } from './idRegistry.artifact.js'

export { idRegistryAbi, idRegistryBytecode }

/** The dev stack's IdRegistry deployer: a key of its own, so the registry's address never depends on other deploys. */
export const DEV_ID_REGISTRY_DEPLOYER_KEY: Hex = keccak256(stringToHex('portico dev farcaster id registry deployer'))
/** Where the dev stack's IdRegistry is on every fresh local chain (the deployer's first contract). */
export const DEV_ID_REGISTRY_ADDRESS: Address = getContractAddress({ from: privateKeyToAccount(DEV_ID_REGISTRY_DEPLOYER_KEY).address, nonce: 0n })

/** Where a local IdRegistry lives and who pays: a local chain and a funded key. */
export interface IdRegistryChain {
  rpcUrl: string
  chainId: number
  privateKey: Hex
}

const clients = (on: IdRegistryChain) => {
  const chain: Chain = defineChain({
    id: on.chainId,
    name: `Local ${on.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [on.rpcUrl] } },
  })
  const transport = http(on.rpcUrl, { retryCount: 0 })
  const account = privateKeyToAccount(on.privateKey)
  return { account, wallet: createWalletClient({ account, chain, transport }), public: createPublicClient({ chain, transport }) }
}

/**
 * Deploys the minimal IdRegistry (source: IdRegistry.sol) and waits for its receipt. The dev stack and tests do this
 * on anvil; a real deployment points PORTICO_FARCASTER_ID_REGISTRY at Farcaster's own registry instead.
 *
 * @example
 * const registry = await deployIdRegistry({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, privateKey: ANVIL_DEV_KEYS[0] })
 */
export async function deployIdRegistry(on: IdRegistryChain): Promise<Address> {
  const { wallet, public: client } = clients(on)
  const hash = await wallet.deployContract({ abi: idRegistryAbi, bytecode: idRegistryBytecode })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`IdRegistry deployment failed (${hash})`)
  return receipt.contractAddress
}

/**
 * The fid whose custody address is `on.privateKey`'s: registered on first use (the key pays the gas, so it must be
 * funded), read back after.
 *
 * @example
 * const fid = await registerFid({ rpcUrl, chainId: 31337, privateKey: custodyKey }, registry)
 */
export async function registerFid(on: IdRegistryChain, registry: Address): Promise<bigint> {
  const { account, wallet, public: client } = clients(on)
  const existing = await client.readContract({ address: registry, abi: idRegistryAbi, functionName: 'idOf', args: [account.address] })
  if (existing > 0n) return existing
  const hash = await wallet.writeContract({ address: registry, abi: idRegistryAbi, functionName: 'register' })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`IdRegistry register failed (${hash})`)
  return client.readContract({ address: registry, abi: idRegistryAbi, functionName: 'idOf', args: [account.address] })
}

/**
 * Gives `address` 10 ETH on an anvil chain when it has none (anvil_setBalance): test keys of their own need no
 * funded dev account.
 *
 * @example
 * await fundOnAnvil('http://127.0.0.1:8545', '0x…')
 */
export async function fundOnAnvil(rpcUrl: string, address: Address): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  if ((await client.getBalance({ address })) > 0n) return
  await client.request({ method: 'anvil_setBalance' as never, params: [address, numberToHex(parseEther('10'))] as never })
}

/**
 * Deploys the dev stack's IdRegistry to a fresh anvil chain at {@link DEV_ID_REGISTRY_ADDRESS} (its deployer is
 * funded with anvil_setBalance); nothing to do when it is already there.
 *
 * @example
 * await deployDevIdRegistry({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 })
 */
export async function deployDevIdRegistry(chain: { rpcUrl: string; chainId: number }): Promise<Address> {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
  if (await client.getCode({ address: DEV_ID_REGISTRY_ADDRESS })) return DEV_ID_REGISTRY_ADDRESS
  await fundOnAnvil(chain.rpcUrl, privateKeyToAccount(DEV_ID_REGISTRY_DEPLOYER_KEY).address)
  const address = await deployIdRegistry({ ...chain, privateKey: DEV_ID_REGISTRY_DEPLOYER_KEY })
  if (address.toLowerCase() !== DEV_ID_REGISTRY_ADDRESS.toLowerCase()) throw new Error(`The dev IdRegistry landed at ${address}, not ${DEV_ID_REGISTRY_ADDRESS}: its deployer key was used before.`)
  return DEV_ID_REGISTRY_ADDRESS
}
