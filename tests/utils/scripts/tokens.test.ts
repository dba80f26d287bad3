import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigFileSchema } from '../../../services/api/src/env.ts'
import { postgresBin } from '../../../scripts/lib/postgres.ts'
import { DEFAULT_PORTS, freePorts } from '../../../scripts/lib/ports.ts'
import { dataModuleLabel, sourceGroup } from '../../../scripts/lib/sourcemap.ts'
import {
  DEV_ETH_USD,
  DEV_TOKEN,
  DEV_TOKEN_GRANT,
  apiConfigFor,
  deployDevTokens,
  describeDevTokens,
  devAccounts,
  writeApiConfig,
  type DevTokens,
  type LocalChain,
} from '../../../scripts/lib/tokens.ts'
import { startAnvil, type Anvil } from '../../anvil/index.ts'

describe('the dev stack test token', () => {
  let anvils: Anvil[] = []
  let chains: LocalChain[]
  let tokens: DevTokens
  beforeAll(async () => {
    anvils = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    chains = anvils.map((a, i) => ({ chainId: a.chainId, rpcUrl: a.url, name: i ? 'Anvil 2' : 'Anvil' }))
    tokens = await deployDevTokens(chains)
  })
  afterAll(async () => {
    await Promise.all(anvils.map((a) => a.stop()))
  })

  it('behavior: deploys to every chain and grants each dev account the same amount', async () => {
    expect(tokens.deployments.map((d) => d.chainId)).toEqual([31337, 31338])
    expect(tokens.holders).toEqual(devAccounts())
    expect(tokens.holders[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    for (const [i, d] of tokens.deployments.entries()) {
      expect(d.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const client = createPublicClient({ transport: http(anvils[i]!.url) })
      const read = (functionName: 'symbol' | 'decimals') => client.readContract({ address: d.address, abi: erc20Abi, functionName })
      expect(await read('symbol')).toBe(DEV_TOKEN.symbol)
      expect(await read('decimals')).toBe(DEV_TOKEN.decimals)
      for (const holder of tokens.holders) {
        const balance = await client.readContract({ address: d.address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
        expect(balance).toBe(parseUnits(DEV_TOKEN_GRANT, DEV_TOKEN.decimals))
      }
    }
  })

  it('behavior: the api config names the token and prices per chain, and the api accepts it', () => {
    const config = apiConfigFor(chains, tokens)
    expect(() => ConfigFileSchema.parse(config)).not.toThrow()
    expect(config.chains[1]).toMatchObject({
      chainId: 31338,
      rpcUrl: anvils[1]!.url,
      nativePrices: { usd: DEV_ETH_USD },
      tokens: [{ address: tokens.deployments[1]!.address, symbol: 'PTD', decimals: 6, prices: { usd: 1 } }],
    })
    // without a token (e.g. the deploy was switched off) the chains still carry the Ether price
    expect(apiConfigFor(chains).chains[0]!.tokens).toEqual([])
    const written = writeApiConfig(config)
    expect(JSON.parse(readFileSync(written.file, 'utf8'))).toEqual(config)
    written.remove()
  })

  it('behavior: the banner names the address on each chain and the holders', () => {
    const text = describeDevTokens(tokens).join('\n')
    expect(text).toContain(`chain 31337: ${tokens.deployments[0]!.address}`)
    expect(text).toContain(`chain 31338: ${tokens.deployments[1]!.address}`)
    expect(text).toContain('10,000 PTD minted to 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it('error: an unreachable chain fails the deploy with the RPC error', async () => {
    const [port] = Object.values(await freePorts())
    await expect(deployDevTokens([{ chainId: 31337, rpcUrl: `http://127.0.0.1:${port}`, name: 'gone' }])).rejects.toThrow()
  })
})

describe('size breakdown labels', () => {
  it('behavior: a data: module is named for what it is, not its code', () => {
    const glue = `data:text/javascript,${encodeURIComponent('import __module_federation_bundler_runtime__ from "/x/node_modules/@module-federation/webpack-bundler-runtime/dist/index.cjs";')}`
    expect(sourceGroup(`webpack://portico_account/${glue}`)).toBe('federation runtime glue (data: module)')
    expect(dataModuleLabel('data:text/javascript,export%20default%201')).toBe('data: module (export default 1)')
    expect(dataModuleLabel(`data:text/javascript,${'x'.repeat(100)}`).length).toBeLessThan(60)
    expect(sourceGroup('webpack://x/./node_modules/zod/v4/core.js')).toBe('zod')
  })
})

describe('PostgreSQL for the api test leg', () => {
  it('behavior: finds the newest Debian version folder holding initdb, or none', () => {
    const root = mkdtempSync(join(tmpdir(), 'portico-pg-root-'))
    try {
      expect(postgresBin(join(root, 'missing'))).toBeNull()
      expect(postgresBin(root)).toBeNull()
      for (const v of ['13', '15', '9']) {
        mkdirSync(join(root, v, 'bin'), { recursive: true })
        if (v !== '9') writeFileSync(join(root, v, 'bin', 'initdb'), '')
      }
      expect(postgresBin(root)).toBe(join(root, '15', 'bin'))
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('free ports', () => {
  it('behavior: a whole stack of distinct free ports', async () => {
    const ports = await freePorts()
    expect(new Set(Object.values(ports)).size).toBe(Object.keys(DEFAULT_PORTS).length)
    for (const p of Object.values(ports)) expect(p).toBeGreaterThan(0)
  })
})
