import { describe, expect, it, vi } from 'vitest'
import type { Connector } from '@portico/contracts/plugin'
import { createInjectedConnector } from './connectors.js'
import { discoverPolkadotExtensions } from './discovery.js'

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const entry = (extra: Record<string, unknown> = {}) => ({ enable: async () => ({ accounts: { get: async () => [] } }), ...extra })

function harness(source: Record<string, unknown>) {
  const listed = new Map<string, Connector>()
  const warn = vi.fn()
  const stop = discoverPolkadotExtensions({
    source: () => source,
    rescanAfterMs: [5, 20],
    warn,
    registerConnector: (c) => {
      listed.set(c.id, c)
      return () => void listed.delete(c.id)
    },
  })
  return { listed, warn, stop }
}

describe('injectedWeb3 discovery', () => {
  it('behavior: every extension is a connector named by itself, else by its well-known key, else by its key', () => {
    const { listed, stop } = harness({ 'polkadot-js': entry(), 'portico-dev': entry({ name: 'Portico Dev Wallet', icon: ICON }), mystery: entry() })
    expect([...listed.values()].map((c) => [c.id, c.name, c.imageUrl ?? null, c.type, c.chains])).toEqual([
      ['polkadot.polkadot-js', 'polkadot{.js}', null, 'ANNOUNCED', ['polkadot']],
      ['polkadot.portico-dev', 'Portico Dev Wallet', ICON, 'ANNOUNCED', ['polkadot']],
      ['polkadot.mystery', 'mystery', null, 'ANNOUNCED', ['polkadot']],
    ])
    stop()
    expect(listed.size).toBe(0)
  })

  it('behavior: an extension injected later is listed; one that goes away is unlisted at the next look (rescan)', async () => {
    const source: Record<string, unknown> = {}
    const { listed, stop } = harness(source)
    expect(listed.size).toBe(0)
    source.talisman = entry()
    await vi.waitFor(() => expect([...listed.keys()]).toEqual(['polkadot.talisman']))
    await new Promise((r) => setTimeout(r, 30)) // the timed looks are over
    delete source.talisman
    expect(listed.size).toBe(1)
    stop.rescan()
    expect(listed.size).toBe(0)
    stop()
  })

  it('error: entries without enable, with an unsafe key or a remote icon are ignored or shown without the icon', () => {
    const { listed, warn, stop } = harness({ broken: { version: '1' }, 'bad key!': entry(), remote: entry({ icon: 'https://tracker.example/icon.png' }) })
    expect([...listed.values()].map((c) => [c.id, c.imageUrl ?? null])).toEqual([['polkadot.remote', null]])
    expect(warn).toHaveBeenCalledWith('ignoring the injectedWeb3 entry "bad key!":', 'The injectedWeb3 key must be 1 to 64 letters, digits, dots, dashes or underscores.')
    stop()
  })

  it('error: the connector serves polkadot only', async () => {
    const connector = createInjectedConnector('talisman', entry())
    await expect(connector.getProvider('eip155')).rejects.toThrow('Connector "polkadot.talisman" has no provider for eip155.')
  })
})
