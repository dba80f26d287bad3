import { createPublicClient, erc20Abi, getAddress, http, parseAbi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiServer } from '../../../services/api/src/server.ts'
import { silentLogger } from '../../../services/api/src/config.ts'
import { ConfigFileSchema } from '../../../services/api/src/env.ts'
import { DEV_EURO, DEV_POOLS, apiExchangeConfig, deployDevExchanges, describeDevExchange, type DevExchange } from '../../../scripts/lib/exchange.ts'
import { DEV_TOKEN_GRANT, apiConfigFor, deployDevTokens, type DevTokens, type LocalChain } from '../../../scripts/lib/tokens.ts'
import { startAnvil, type Anvil } from '../../anvil/index.ts'

const pairAbi = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
])

describe('the dev stack exchange', () => {
  let anvils: Anvil[] = []
  let chains: LocalChain[]
  let tokens: DevTokens
  let exchange: DevExchange
  beforeAll(async () => {
    anvils = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    chains = anvils.map((a, i) => ({ chainId: a.chainId, rpcUrl: a.url, name: i ? 'Anvil 2' : 'Anvil' }))
    tokens = await deployDevTokens(chains)
    exchange = await deployDevExchanges(chains, tokens)
  }, 60_000)
  afterAll(async () => {
    await Promise.all(anvils.map((a) => a.stop()))
  })

  it('behavior: deploys the same addresses on both chains, with the three pools at the configured ratios', async () => {
    const [first, second] = exchange.deployments
    expect({ ...first, chainId: 0 }).toEqual({ ...second, chainId: 0 })
    for (const [i, d] of exchange.deployments.entries()) {
      const client = createPublicClient({ transport: http(anvils[i]!.url) })
      const ptd = tokens.deployments[i]!.address
      const reservesOf = async (a: `0x${string}`, b: `0x${string}`) => {
        const pair = await client.readContract({ address: d.factory, abi: pairAbi, functionName: 'getPair', args: [a, b] })
        const [r0, r1] = await client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })
        const token0 = await client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })
        return getAddress(token0) === getAddress(a) ? [r0, r1] : [r1, r0]
      }
      expect(await reservesOf(ptd, d.weth)).toEqual([parseUnits(DEV_POOLS.ptdWeth.ptd, 6), parseUnits(DEV_POOLS.ptdWeth.eth, 18)])
      expect(await reservesOf(d.pte, d.weth)).toEqual([parseUnits(DEV_POOLS.pteWeth.pte, 18), parseUnits(DEV_POOLS.pteWeth.eth, 18)])
      expect(await reservesOf(ptd, d.pte)).toEqual([parseUnits(DEV_POOLS.ptdPte.ptd, 6), parseUnits(DEV_POOLS.ptdPte.pte, 18)])
      for (const holder of tokens.holders)
        expect(await client.readContract({ address: d.pte, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })).toBe(parseUnits(DEV_TOKEN_GRANT, 18))
    }
    // the pools follow the price table: 1 PTE is 1.2 PTD and 3000 / 1.2 PTE is 1 ETH
    expect(Number(DEV_POOLS.ptdPte.ptd) / Number(DEV_POOLS.ptdPte.pte)).toBeCloseTo(DEV_EURO.usd)
    expect(Number(DEV_POOLS.pteWeth.pte) / Number(DEV_POOLS.pteWeth.eth)).toBeCloseTo(3000 / DEV_EURO.usd)
  })

  it('behavior: the api config carries the exchange and PTE, and the api serves swaps from it', async () => {
    const config = ConfigFileSchema.parse(apiConfigFor(chains, tokens, undefined, (id) => apiExchangeConfig(exchange, id)))
    const d = exchange.deployments[0]!
    expect(config.chains![0]).toMatchObject({ exchange: { router: d.router, factory: d.factory, weth: d.weth } })
    expect(config.chains![0]!.tokens!.map((t) => t.symbol)).toEqual(['PTD', 'PTE'])
    const api = await createApiServer({ chains: config.chains, indexer: { enabled: false }, logger: silentLogger })
    try {
      const res = await api.app.request('/v1/convert/tokens?chainId=eip155:31338&projectId=portico-dev&st=appkit&sv=1')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { tokens: { symbol: string }[] }
      expect(body.tokens.map((t) => t.symbol)).toEqual(['ETH', 'PTD', 'PTE'])
    } finally {
      await api.close()
    }
  })

  it('behavior: the banner names the router, factory, WETH and PTE on each chain', () => {
    const text = describeDevExchange(exchange).join('\n')
    for (const d of exchange.deployments) for (const a of [d.router, d.factory, d.weth, d.pte]) expect(text).toContain(a)
    expect(text).toContain('Portico Test Euro')
  })
})
