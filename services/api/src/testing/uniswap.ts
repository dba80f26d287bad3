import { createRequire } from 'node:module'
import { type Abi, type Address, type Chain, type Hex, getAddress, maxUint256, parseUnits } from 'viem'
import { clientsFor, testTokenAbi } from './erc20.js'

/*
 * Uniswap V2 on a local chain, from the npm build artifacts of @uniswap/v2-core 1.0.1 and @uniswap/v2-periphery
 * 1.1.0-beta.0 (devDependencies: only the dev stack and tests deploy it). The artifacts' bytecode has no 0x prefix;
 * the pair init-code hash compiled into Router02 matches the npm pair bytecode, so nothing is recompiled.
 */

type Artifact = { abi: Abi; bytecode: string }
const require = createRequire(import.meta.url)
const artifact = (path: string): { abi: Abi; bytecode: Hex } => {
  const json = require(path) as Artifact
  return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, '')}` }
}

/** WETH9, UniswapV2Factory, UniswapV2Router02 and UniswapV2Pair: ABI and creation bytecode. */
export const uniswapArtifacts = {
  weth: artifact('@uniswap/v2-periphery/build/WETH9.json'),
  factory: artifact('@uniswap/v2-core/build/UniswapV2Factory.json'),
  router: artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  pair: artifact('@uniswap/v2-core/build/UniswapV2Pair.json'),
}

/** The three contracts of a deployed exchange. */
export interface UniswapDeployment {
  weth: Address
  factory: Address
  router: Address
}

/** What {@link deployUniswapV2} and {@link addPool} need: the chain and the key that pays. */
export interface ChainSigner {
  rpcUrl: string
  chain: Chain
  privateKey: Hex
}

async function deploy(signer: ChainSigner, what: { abi: Abi; bytecode: Hex }, args: unknown[], nonce: number): Promise<Hex> {
  const { wallet } = clientsFor(signer.rpcUrl, signer.chain, signer.privateKey)
  return wallet.deployContract({ abi: what.abi, bytecode: what.bytecode, args, nonce, gas: 6_000_000n })
}

/**
 * Deploys WETH9, the factory (fee setter: the signer) and Router02 from `signer`, sent back to back.
 *
 * @example
 * const { router } = await deployUniswapV2({ rpcUrl, chain, privateKey: ANVIL_DEV_KEYS[9] })
 */
export async function deployUniswapV2(signer: ChainSigner): Promise<UniswapDeployment> {
  const { account, public: client } = clientsFor(signer.rpcUrl, signer.chain, signer.privateKey)
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes = [
    await deploy(signer, uniswapArtifacts.weth, [], nonce),
    await deploy(signer, uniswapArtifacts.factory, [account.address], nonce + 1),
  ]
  const [weth, factory] = await Promise.all(hashes.map(async (hash) => contractAddress(signer, hash)))
  const router = await contractAddress(signer, await deploy(signer, uniswapArtifacts.router, [factory, weth], nonce + 2))
  return { weth: weth!, factory: factory!, router }
}

async function contractAddress(signer: ChainSigner, hash: Hex): Promise<Address> {
  const { public: client } = clientsFor(signer.rpcUrl, signer.chain, signer.privateKey)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment failed (${hash})`)
  return getAddress(receipt.contractAddress)
}

/** One side of a pool: a test token (minted to the signer, anyone may mint) or the native currency. */
export type PoolSide = { token: Address; decimals: number; amount: string } | { native: true; amount: string }

/**
 * Creates a pool through the router with `a` and `b` as its first liquidity (whole-unit decimal strings); a test
 * token side is minted to the signer and approved first. Native sides go through addLiquidityETH (wrapped as WETH).
 *
 * @example
 * await addPool(signer, exchange, { token: ptd, decimals: 6, amount: '90000' }, { native: true, amount: '30' })
 */
export async function addPool(signer: ChainSigner, exchange: UniswapDeployment, a: PoolSide, b: PoolSide): Promise<Hex> {
  const { account, wallet, public: client } = clientsFor(signer.rpcUrl, signer.chain, signer.privateKey)
  const tokens = [a, b].filter((s): s is Extract<PoolSide, { token: Address }> => 'token' in s)
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const setup: Hex[] = []
  for (const side of tokens) {
    const value = parseUnits(side.amount, side.decimals)
    setup.push(await wallet.writeContract({ address: side.token, abi: testTokenAbi, functionName: 'mint', args: [account.address, value], nonce: nonce++, gas: 100_000n }))
    setup.push(await wallet.writeContract({ address: side.token, abi: testTokenAbi, functionName: 'approve', args: [exchange.router, maxUint256], nonce: nonce++, gas: 100_000n }))
  }
  await Promise.all(setup.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const native = [a, b].find((s) => 'native' in s)
  const hash =
    native && tokens[0]
      ? await wallet.writeContract({
          address: exchange.router,
          abi: uniswapArtifacts.router.abi,
          functionName: 'addLiquidityETH',
          args: [tokens[0].token, parseUnits(tokens[0].amount, tokens[0].decimals), 0n, 0n, account.address, deadline],
          value: parseUnits(native.amount, 18),
          nonce: nonce++,
          gas: 5_000_000n,
        })
      : await wallet.writeContract({
          address: exchange.router,
          abi: uniswapArtifacts.router.abi,
          functionName: 'addLiquidity',
          args: [tokens[0]!.token, tokens[1]!.token, parseUnits(tokens[0]!.amount, tokens[0]!.decimals), parseUnits(tokens[1]!.amount, tokens[1]!.decimals), 0n, 0n, account.address, deadline],
          nonce: nonce++,
          gas: 5_000_000n,
        })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`adding liquidity failed (${hash})`)
  return hash
}
