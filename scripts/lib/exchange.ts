/**
 * The dev stack's exchange: after the test token, `npm start` and the e2e stack deploy Uniswap V2 (WETH9, the
 * factory, Router02, from the npm build artifacts) and a second test token, PTE, to each anvil chain, and open three
 * pools with liquidity (PTD/WETH, PTE/WETH, PTD/PTE) whose ratios match the price table (ETH 3,000 USD, PTD 1 USD,
 * PTE 1.2 USD). Everything is sent from anvil's last dev key, which no wallet of the demo or the e2e suite signs
 * with, so the addresses are the same on every fresh chain and no test's nonces move.
 */
import { getAddress, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { ANVIL_DEV_KEYS, localChain } from '../../services/api/src/testing/anvil.ts'
import { clientsFor, deployTestToken, testTokenAbi } from '../../services/api/src/testing/erc20.ts'
import { addPool, deployUniswapV2, type ChainSigner } from '../../services/api/src/testing/uniswap.ts'
import { DEV_ETH_USD, DEV_TOKEN, DEV_TOKEN_GRANT, devAccounts, type DevTokens, type LocalChain } from './tokens.ts'

/** The key that deploys the exchange and provides its liquidity (anvil's tenth dev account). */
export const EXCHANGE_DEPLOYER_KEY: Hex = ANVIL_DEV_KEYS[9]
/** The second test token: 18 decimals, so swaps cross decimal scales. */
export const DEV_EURO = { name: 'Portico Test Euro', symbol: 'PTE', decimals: 18, usd: 1.2 } as const
/** First liquidity of each pool, in whole units; ratios follow the USD prices above. */
export const DEV_POOLS = {
  ptdWeth: { ptd: '90000', eth: '30' },
  pteWeth: { pte: '75000', eth: '30' },
  ptdPte: { ptd: '120000', pte: '100000' },
} as const

/** The exchange on one chain. */
export type DevExchangeDeployment = { chainId: number; weth: Address; factory: Address; router: Address; pte: Address }

/** The exchange on every chain, with the second token's parameters. */
export type DevExchange = {
  deployer: Address
  token: { name: string; symbol: string; decimals: number; usd: number }
  deployments: DevExchangeDeployment[]
}

/**
 * Deploys PTE, Uniswap V2 and the three pools to one chain; `ptd` is the chain's test token. PTE is minted
 * ({@link DEV_TOKEN_GRANT} each) to `holders`.
 *
 * @example
 * const exchange = await deployDevExchange({ chainId: 31337, rpcUrl, name: 'Anvil' }, ptdAddress)
 */
export async function deployDevExchange(chain: LocalChain, ptd: Address, holders: Address[] = devAccounts()): Promise<DevExchangeDeployment> {
  const signer: ChainSigner = { rpcUrl: chain.rpcUrl, chain: localChain(chain.chainId, chain.rpcUrl), privateKey: EXCHANGE_DEPLOYER_KEY }
  const pte = await deployTestToken({ ...signer, name: DEV_EURO.name, symbol: DEV_EURO.symbol, decimals: DEV_EURO.decimals, supply: '0' })
  const uniswap = await deployUniswapV2(signer)
  const ptdSide = (amount: string) => ({ token: ptd, decimals: DEV_TOKEN.decimals, amount })
  const pteSide = (amount: string) => ({ token: pte.address, decimals: DEV_EURO.decimals, amount })
  await addPool(signer, uniswap, ptdSide(DEV_POOLS.ptdWeth.ptd), { native: true, amount: DEV_POOLS.ptdWeth.eth })
  await addPool(signer, uniswap, pteSide(DEV_POOLS.pteWeth.pte), { native: true, amount: DEV_POOLS.pteWeth.eth })
  await addPool(signer, uniswap, ptdSide(DEV_POOLS.ptdPte.ptd), pteSide(DEV_POOLS.ptdPte.pte))
  const { account, wallet, public: client } = clientsFor(signer.rpcUrl, signer.chain, signer.privateKey)
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes: Hex[] = []
  for (const to of holders) {
    hashes.push(
      await wallet.writeContract({
        address: pte.address,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [to, parseUnits(DEV_TOKEN_GRANT, DEV_EURO.decimals)],
        nonce: nonce++,
        gas: 100_000n,
      }),
    )
  }
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
  if (receipts.some((r) => r.status !== 'success')) throw new Error(`minting ${DEV_EURO.symbol} on chain ${chain.chainId} failed`)
  return { chainId: chain.chainId, ...uniswap, pte: getAddress(pte.address) }
}

/** Deploys the exchange to every chain that has the test token, all chains at once. */
export async function deployDevExchanges(chains: LocalChain[], tokens: DevTokens): Promise<DevExchange> {
  const deployments = await Promise.all(
    chains.flatMap((c) => {
      const ptd = tokens.deployments.find((d) => d.chainId === c.chainId)
      return ptd ? [deployDevExchange(c, ptd.address, tokens.holders)] : []
    }),
  )
  return { deployer: privateKeyToAddress(EXCHANGE_DEPLOYER_KEY), token: { ...DEV_EURO }, deployments }
}

/**
 * What the api's config file adds for one chain: the exchange, and PTE in the token list (priced like the pools).
 *
 * @example
 * const { exchange, tokens } = apiExchangeConfig(devExchange, 31337) ?? {}
 */
export function apiExchangeConfig(exchange: DevExchange | undefined, chainId: number) {
  const d = exchange?.deployments.find((e) => e.chainId === chainId)
  if (!d) return undefined
  return {
    exchange: { factory: d.factory, router: d.router, weth: d.weth },
    token: { address: d.pte, name: DEV_EURO.name, symbol: DEV_EURO.symbol, decimals: DEV_EURO.decimals, prices: { usd: DEV_EURO.usd } },
  }
}

/** Lines for the startup banner: the exchange's addresses per chain. */
export function describeDevExchange(exchange: DevExchange): string[] {
  const p = DEV_POOLS
  return [
    `  exchange Uniswap V2 with ${exchange.token.symbol} (${exchange.token.name}, ${exchange.token.decimals} decimals, ${DEV_EURO.usd} USD); ` +
      `pools ${p.ptdWeth.ptd} PTD/${p.ptdWeth.eth} ETH, ${p.pteWeth.pte} PTE/${p.pteWeth.eth} ETH, ${p.ptdPte.ptd} PTD/${p.ptdPte.pte} PTE (ETH at ${DEV_ETH_USD} USD)`,
    ...exchange.deployments.map((d) => `    chain ${d.chainId}: router ${d.router}, factory ${d.factory}, WETH ${d.weth}, ${exchange.token.symbol} ${d.pte}`),
    `    ${Number(DEV_TOKEN_GRANT).toLocaleString('en-US')} ${exchange.token.symbol} minted to the ${DEV_TOKEN.symbol} holders; liquidity from ${exchange.deployer}`,
  ]
}
