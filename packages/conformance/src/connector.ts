import { CHAIN_NAMESPACES } from '@portico/contracts/spec'
import { ConnectorInfoSchema } from '@portico/contracts/schemas'
import { type ChainNamespace, type Connector } from '@portico/contracts/plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** What {@link describeConnector} runs against. */
export type ConnectorFixture = {
  /** A connector whose wallet is live. */
  connector: Connector
  teardown?: () => void | Promise<void>
}

const TYPES = ['INJECTED', 'ANNOUNCED', 'WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN', 'EXTERNAL']

/**
 * The connector conformance suite: shape (id, name, type, namespaces, image, rdns), a provider for each namespace it
 * serves (EIP-1193 for eip155, answering eth_chainId), none for the others, and connect/disconnect in pairs.
 *
 * @example
 * describeConnector('my wallet', () => ({ connector: myConnector(provider) }))
 */
export function describeConnector(name: string, factory: () => ConnectorFixture | Promise<ConnectorFixture>): void {
  describe(`connector conformance: ${name}`, () => {
    let f: ConnectorFixture
    beforeAll(async () => {
      f = await factory()
    }, 120_000)
    afterAll(async () => {
      await f?.teardown?.()
    })

    it('shape: id, name, type, namespaces, image and rdns are well-formed and the store info is serializable', () => {
      const c = f.connector
      expect(typeof c.id === 'string' && c.id.trim().length > 0, 'id').toBe(true)
      expect(typeof c.name === 'string' && c.name.trim().length > 0, 'name').toBe(true)
      expect(TYPES, `type "${c.type}"`).toContain(c.type)
      expect(c.chains.length, 'a connector serves at least one namespace').toBeGreaterThan(0)
      expect(new Set(c.chains).size).toBe(c.chains.length)
      for (const ns of c.chains) expect(CHAIN_NAMESPACES, `namespace "${ns}"`).toContain(ns)
      if (c.imageUrl !== undefined) expect(c.imageUrl, 'imageUrl').toMatch(/^(data:image\/|https?:\/\/)/)
      if (c.info?.rdns !== undefined) expect(c.info.rdns, 'info.rdns').toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i)
      if (c.type === 'ANNOUNCED') expect(c.info?.rdns, 'an announced connector carries its rdns').toBeTruthy()
      const info = ConnectorInfoSchema.safeParse({
        id: c.id,
        name: c.name,
        type: c.type,
        chain: c.chains[0],
        ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
        ...(c.imageId ? { imageId: c.imageId } : {}),
        ...(c.explorerId ? { explorerId: c.explorerId } : {}),
        ...(c.info ? { info: c.info } : {}),
      })
      expect(info.success, info.success ? '' : info.error.issues[0]?.message).toBe(true)
      expect(() => JSON.stringify({ id: c.id, name: c.name, type: c.type, chains: c.chains, imageUrl: c.imageUrl, info: c.info })).not.toThrow()
    })

    it('behavior: getProvider returns a provider for each namespace it serves (EIP-1193 for eip155)', async () => {
      expect(f.connector.chains.length, 'a connector serves at least one namespace').toBeGreaterThan(0)
      for (const ns of f.connector.chains) {
        const provider = await f.connector.getProvider(ns)
        expect(provider, `no provider for ${ns}`).toBeTruthy()
        if (ns === 'eip155') {
          expect(typeof (provider as { request?: unknown }).request, 'an eip155 provider has request()').toBe('function')
          const chainId = await (provider as { request: (a: { method: string }) => Promise<unknown> }).request({ method: 'eth_chainId' })
          expect(chainId, 'eth_chainId').toMatch(/^0x[0-9a-f]+$/i)
        }
      }
    })

    it('behavior: getProvider gives nothing for a namespace it does not serve', async () => {
      const other = CHAIN_NAMESPACES.find((ns) => !f.connector.chains.includes(ns)) as ChainNamespace | undefined
      if (!other) return
      const provider = await f.connector.getProvider(other).catch(() => undefined)
      expect(provider ?? undefined).toBeUndefined()
    })

    it('shape: a connector that connects by itself also disconnects', () => {
      expect(Boolean(f.connector.connect), 'connect and disconnect come together').toBe(Boolean(f.connector.disconnect))
    })
  })
}
