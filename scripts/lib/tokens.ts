/**
 * The dev stack's test token: once both anvil chains are up, `npm start` and the e2e stack deploy the TestToken
 * ERC-20 of services/api (its committed artifact, through its deploy helper) to each chain from anvil's deployer
 * key, mint some to the first dev accounts, and write the api's PORTICO_API_CONFIG file naming the token and the
 * prices, so the Account view's Tokens tab shows real balances with USD values.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { ANVIL_DEV_KEYS, localChain } from '../../services/api/src/testing/anvil.ts'
import { clientsFor, deployTestToken, testTokenAbi } from '../../services/api/src/testing/erc20.ts'
import { SOLANA_PTD } from '../../tests/solana/keys.ts'

/** What the dev stack deploys: a 6-decimal dollar-like token priced at 1 USD. */
export const DEV_TOKEN = { name: 'Portico Test Dollar', symbol: 'PTD', decimals: 6, usd: 1 } as const
/** Price of the local chains' Ether in the api's price table (a round number; these chains have no market). */
export const DEV_ETH_USD = 3000
/** Price of the local Solana chain's SOL in the api's price table (likewise a round number). */
export const DEV_SOL_USD = 150
/** Whole tokens each funded dev account holds after the deploy. */
export const DEV_TOKEN_GRANT = '10000'
/** How many of anvil's dev accounts get tokens (the Dev Wallet uses the first two). */
export const DEV_TOKEN_HOLDERS = 4

export type LocalChain = { chainId: number; rpcUrl: string; name: string }

export type DeployedDevToken = { chainId: number; address: Address; deployBlock: bigint }

export type DevTokens = {
  name: string
  symbol: string
  decimals: number
  /** One deployment per chain. */
  deployments: DeployedDevToken[]
  /** Accounts that were granted {@link DEV_TOKEN_GRANT} tokens on every chain. */
  holders: Address[]
}

/** The first `count` of anvil's dev accounts. */
export const devAccounts = (count = DEV_TOKEN_HOLDERS): Address[] => ANVIL_DEV_KEYS.slice(0, count).map((k) => privateKeyToAddress(k))

/**
 * Deploys the test token to one chain from anvil's deployer key (account 0) with {@link DEV_TOKEN_GRANT} for the
 * first holder, and mints as much to each other holder. The mints are sent back to back and awaited together.
 */
export async function deployDevToken(chain: LocalChain, holders: Address[] = devAccounts()): Promise<DeployedDevToken> {
  const viemChain = localChain(chain.chainId, chain.rpcUrl)
  const deployed = await deployTestToken({
    rpcUrl: chain.rpcUrl,
    chain: viemChain,
    privateKey: ANVIL_DEV_KEYS[0],
    name: DEV_TOKEN.name,
    symbol: DEV_TOKEN.symbol,
    decimals: DEV_TOKEN.decimals,
    holder: holders[0],
    supply: holders.length ? DEV_TOKEN_GRANT : '0',
  })
  const { account, wallet, public: client } = clientsFor(chain.rpcUrl, viemChain, ANVIL_DEV_KEYS[0])
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes: Hex[] = []
  for (const to of holders.slice(1)) {
    hashes.push(
      await wallet.writeContract({
        address: deployed.address,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [to, parseUnits(DEV_TOKEN_GRANT, DEV_TOKEN.decimals)],
        nonce: nonce++,
        gas: 100_000n,
      }),
    )
  }
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`minting ${DEV_TOKEN.symbol} on chain ${chain.chainId} failed (${failed.transactionHash})`)
  return { chainId: chain.chainId, address: getAddress(deployed.address), deployBlock: deployed.receipt.blockNumber }
}

/** Deploys the test token to every chain at once. */
export async function deployDevTokens(chains: LocalChain[], holders: Address[] = devAccounts()): Promise<DevTokens> {
  const deployments = await Promise.all(chains.map((c) => deployDevToken(c, holders)))
  return { name: DEV_TOKEN.name, symbol: DEV_TOKEN.symbol, decimals: DEV_TOKEN.decimals, deployments, holders }
}

/**
 * services/api's config file (see ConfigFileSchema in services/api/src/env.ts): the chains with the token and prices,
 * and the local Solana chain at `solanaRpcUrl` (its CAIP-2 id read from the chain by the api) with PTD; `exchangeFor`
 * (see apiExchangeConfig in exchange.ts) adds a chain's exchange and its second token.
 */
export function apiConfigFor(
  chains: LocalChain[],
  tokens?: DevTokens,
  solanaRpcUrl?: string,
  exchangeFor?: (chainId: number) => { exchange: object; token: { address: Address } & Record<string, unknown> } | undefined,
) {
  return {
    ...(solanaRpcUrl
      ? {
          solana: [
            {
              rpcUrl: solanaRpcUrl,
              name: 'Solana Local',
              nativePrices: { usd: DEV_SOL_USD },
              tokens: [{ mint: SOLANA_PTD.mint, name: SOLANA_PTD.name, symbol: SOLANA_PTD.symbol, decimals: SOLANA_PTD.decimals, prices: { usd: DEV_TOKEN.usd } }],
            },
          ],
        }
      : {}),
    chains: chains.map((c) => {
      const token = tokens?.deployments.find((d) => d.chainId === c.chainId)
      const exchange = exchangeFor?.(c.chainId)
      return {
        chainId: c.chainId,
        rpcUrl: c.rpcUrl,
        name: c.name,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        nativePrices: { usd: DEV_ETH_USD },
        tokens: token
          ? [
              { address: token.address, name: DEV_TOKEN.name, symbol: DEV_TOKEN.symbol, decimals: DEV_TOKEN.decimals, prices: { usd: DEV_TOKEN.usd } },
              ...(exchange ? [exchange.token] : []),
            ]
          : [],
        ...(exchange ? { exchange: exchange.exchange } : {}),
      }
    }),
  }
}

/** Writes the api config to a fresh temp directory; `remove` deletes it. */
export function writeApiConfig(config: object): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'portico-api-config-'))
  const file = join(dir, 'api-config.json')
  writeFileSync(file, JSON.stringify(config, null, 2) + '\n')
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Lines for the startup banner: the token's address per chain and who holds it. */
export function describeDevTokens(tokens: DevTokens): string[] {
  return [
    `  test token ${tokens.symbol} (${tokens.name}, ${tokens.decimals} decimals, ${DEV_TOKEN.usd} USD; ETH at ${DEV_ETH_USD} USD)`,
    ...tokens.deployments.map((d) => `    chain ${d.chainId}: ${d.address}`),
    `    ${Number(DEV_TOKEN_GRANT).toLocaleString('en-US')} ${tokens.symbol} minted to ${tokens.holders.join(', ')}`,
  ]
}
