/**
 * The ERC-4337 v0.7 contracts of the local chains: the EntryPoint and the VerifyingPaymaster from the
 * `@account-abstraction/contracts` 0.7.0 build artifacts (never recompiled: the EntryPoint's canonical address is
 * the CREATE2 address of exactly that bytecode), and the account factory SimpleAccount1271Factory: the 0.7.0
 * SimpleAccount has no ERC-1271 `isValidSignature`, so Portico's account (solidity/PorticoAccount.sol, its compiled
 * artifact committed beside it) adds it behind SimpleAccountFactory's interface. All three go through the
 * deterministic CREATE2 deployer every anvil chain has, so their addresses are the same on every fresh chain
 * whoever sends the deploy.
 *
 * Dev and test use only: the artifacts are read from the package when a deploy runs, and the api's server never
 * imports this file.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Address,
  type Chain,
  type Hex,
  concatHex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseEther,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ENTRY_POINT_V07 } from './config.js'
import { readPorticoAccountArtifact } from './solidity/compile.js'

/** The deterministic deployment proxy anvil preloads (`0x4e59…956C`): CREATE2 with a salt and the init code. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** The salt the canonical EntryPoint v0.7 was deployed with: it lands at {@link ENTRY_POINT_V07}. */
export const ENTRY_POINT_V07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'

/** Portico's salts for the account factory and the paymaster (fixed, so their addresses are constants). */
export const SIMPLE_ACCOUNT_1271_FACTORY_SALT: Hex = keccak256(stringToHex('portico SimpleAccount1271Factory v0.7'))
export const VERIFYING_PAYMASTER_SALT: Hex = keccak256(stringToHex('portico VerifyingPaymaster v0.7'))

/** What an artifact holds that a deploy needs. */
type Artifact = { abi: readonly unknown[]; bytecode: Hex }

let accountFactory: Artifact | undefined
/** SimpleAccount1271Factory's committed artifact (solidity/SimpleAccount1271Factory.json), read once. */
function accountFactoryArtifact(): Artifact {
  if (!accountFactory) {
    const { abi, bytecode } = readPorticoAccountArtifact()
    accountFactory = { abi, bytecode }
  }
  return accountFactory
}

const artifacts = new Map<string, Artifact>()
/**
 * The 0.7.0 build artifact `name` (`EntryPoint`, `SimpleAccountFactory`, `VerifyingPaymaster`, …), read once.
 *
 * @example
 * const { abi } = erc4337Artifact('VerifyingPaymaster')
 */
export function erc4337Artifact(name: string): Artifact {
  let found = artifacts.get(name)
  if (!found) {
    const require = createRequire(import.meta.url)
    const file = require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`)
    const json = JSON.parse(readFileSync(file, 'utf8')) as Artifact
    found = { abi: json.abi, bytecode: json.bytecode }
    artifacts.set(name, found)
  }
  return found
}

/** Init code (bytecode and ABI-encoded constructor arguments) of each contract. */
const initCode = {
  entryPoint: () => erc4337Artifact('EntryPoint').bytecode,
  factory: (entryPoint: Address) => concatHex([accountFactoryArtifact().bytecode, encodeAbiParameters([{ type: 'address' }], [entryPoint])]),
  paymaster: (entryPoint: Address, signer: Address) =>
    concatHex([erc4337Artifact('VerifyingPaymaster').bytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [entryPoint, signer])]),
}

const create2 = (salt: Hex, bytecode: Hex) => getAddress(getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode }))

/** Where the three contracts are: the paymaster's address depends on its verifying signer (a constructor argument). */
export type Erc4337Addresses = { entryPoint: Address; factory: Address; paymaster: Address }

/**
 * The addresses the contracts land at on any chain, for a paymaster that trusts `signer`.
 *
 * @example
 * erc4337Addresses('0x…signer').entryPoint // '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
 */
export function erc4337Addresses(signer: Address): Erc4337Addresses {
  const entryPoint = create2(ENTRY_POINT_V07_SALT, initCode.entryPoint())
  return {
    entryPoint,
    factory: create2(SIMPLE_ACCOUNT_1271_FACTORY_SALT, initCode.factory(entryPoint)),
    paymaster: create2(VERIFYING_PAYMASTER_SALT, initCode.paymaster(entryPoint, signer)),
  }
}

const entryPointDepositAbi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'depositTo', stateMutability: 'payable', inputs: [{ name: 'account', type: 'address' }], outputs: [] },
] as const

/** What {@link deployErc4337Contracts} needs. */
export type DeployErc4337Options = {
  rpcUrl: string
  /** Pays for the deploys and the paymaster's deposit (a funded key of its own: its nonces move). */
  deployerKey: Hex
  /** The address whose signatures the VerifyingPaymaster accepts. */
  paymasterSigner: Address
  /** The paymaster's deposit on the EntryPoint, topped up to this when it holds less than half (default 1,000 ETH). */
  deposit?: bigint
}

/** What a deploy left on the chain. */
export type DeployedErc4337 = Erc4337Addresses & { chainId: number; paymasterSigner: Address; paymasterDeposit: bigint }

/**
 * Deploys the EntryPoint v0.7 (at its canonical address), the SimpleAccount1271Factory and the VerifyingPaymaster
 * through the CREATE2 deployer, and funds the paymaster's deposit on the EntryPoint. Idempotent: a contract that
 * already has code is skipped, and the deposit is topped up only when it fell below half.
 *
 * @example
 * const { entryPoint, factory, paymaster } = await deployErc4337Contracts({ rpcUrl, deployerKey, paymasterSigner })
 */
export async function deployErc4337Contracts(options: DeployErc4337Options): Promise<DeployedErc4337> {
  const transport = http(options.rpcUrl, { retryCount: 0 })
  const probe = createPublicClient({ transport })
  const chainId = await probe.getChainId()
  const chain: Chain = defineChain({ id: chainId, name: `Local ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [options.rpcUrl] } } })
  const client = createPublicClient({ chain, transport })
  const account = privateKeyToAccount(options.deployerKey)
  const wallet = createWalletClient({ account, chain, transport })
  if (!(await client.getCode({ address: CREATE2_DEPLOYER })))
    throw new Error(`Chain ${chainId} (${options.rpcUrl}) has no CREATE2 deployer at ${CREATE2_DEPLOYER}: start anvil without --disable-default-create2-deployer.`)

  const addresses = erc4337Addresses(options.paymasterSigner)
  const wanted: [keyof Erc4337Addresses, Hex, Hex][] = [
    ['entryPoint', ENTRY_POINT_V07_SALT, initCode.entryPoint()],
    ['factory', SIMPLE_ACCOUNT_1271_FACTORY_SALT, initCode.factory(addresses.entryPoint)],
    ['paymaster', VERIFYING_PAYMASTER_SALT, initCode.paymaster(addresses.entryPoint, options.paymasterSigner)],
  ]
  // in order: the factory's and the paymaster's constructors read nothing, but keep the EntryPoint first anyway
  for (const [name, salt, code] of wanted) {
    if (await client.getCode({ address: addresses[name] })) continue
    const data = concatHex([salt, code])
    const gas = await client.estimateGas({ account: account.address, to: CREATE2_DEPLOYER, data })
    const hash = await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data, gas: gas + gas / 5n })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !(await client.getCode({ address: addresses[name] })))
      throw new Error(`Deploying the ERC-4337 ${name} on chain ${chainId} failed: no code at ${addresses[name]} after ${hash}.`)
  }

  const target = options.deposit ?? parseEther('1000')
  let deposit = await client.readContract({ address: addresses.entryPoint, abi: entryPointDepositAbi, functionName: 'balanceOf', args: [addresses.paymaster] })
  if (deposit < target / 2n) {
    const data = encodeFunctionData({ abi: entryPointDepositAbi, functionName: 'depositTo', args: [addresses.paymaster] })
    const hash = await wallet.sendTransaction({ to: addresses.entryPoint, data, value: target - deposit, gas: 100_000n })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`Funding the paymaster's deposit on chain ${chainId} failed (${hash}).`)
    deposit = target
  }
  return { chainId, ...addresses, paymasterSigner: getAddress(options.paymasterSigner), paymasterDeposit: deposit }
}
