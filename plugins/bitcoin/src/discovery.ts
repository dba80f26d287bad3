import type { Connector, Unsubscribe } from '@portico/contracts/plugin'
import { createSatsConnectConnector, loadSatsConnect, type SatsConnectModule } from './connectors.js'

export type BitcoinDiscoveryDeps = {
  registerConnector: (connector: Connector) => Unsubscribe
  warn: (...args: unknown[]) => void
  /** The wallets sats-connect knows of; default: its `getProviders()` (`window.btc_providers`), installed ones only. */
  getProviders?: () => Promise<readonly unknown[]>
  /** sats-connect itself, for the connectors' requests; default: loaded on first use. */
  load?: () => Promise<SatsConnectModule>
}

/** When discovery looks again after the first look, in ms. */
export const RESCAN_AFTER_MS = [100, 500, 1500, 3000] as const

const installedProviders = async (): Promise<readonly unknown[]> => {
  const sc = (await import('sats-connect')) as unknown as { getProviders(): unknown[]; isProviderInstalled(id: string): boolean }
  return sc.getProviders().filter((p) => typeof (p as { id?: unknown })?.id === 'string' && sc.isProviderInstalled((p as { id: string }).id))
}

/**
 * Lists every wallet sats-connect knows of (`window.btc_providers`, the wallets that registered there and whose
 * provider is on `window`) as a connector; one connector per id, the first wallet wins; a wallet whose provider left the page is unlisted at the next look. Wallets announce themselves
 * whenever their script runs, so it looks again a few times in the first 3 s, and `rescan` looks again on demand (the
 * plugin calls it when the modal opens). Browser only:
 * sats-connect is loaded on call. Returns `stop`, which unlists them.
 *
 * @example
 * const discovery = discoverBitcoinWallets({ registerConnector: ctx.registerConnector, warn: ctx.log.warn })
 * ctx.hooks.afterOpen.tap(() => discovery.rescan())
 */
export function discoverBitcoinWallets(deps: BitcoinDiscoveryDeps): { rescan: () => Promise<void>; stop: () => void } {
  const listed = new Map<string, { wallet: object; unregister: Unsubscribe }>()
  const refused = new WeakSet<object>()
  let stopped = false

  const rescan = async () => {
    let providers: readonly unknown[]
    try {
      providers = await (deps.getProviders ?? installedProviders)()
    } catch (error) {
      deps.warn('bitcoin wallet discovery failed:', error)
      return
    }
    if (stopped) return
    // a wallet that left the page (its provider is gone) is unlisted
    for (const [id, entry] of [...listed]) {
      if (providers.includes(entry.wallet)) continue
      entry.unregister()
      listed.delete(id)
    }
    for (const wallet of providers) {
      if (typeof wallet !== 'object' || wallet === null || refused.has(wallet) || [...listed.values()].some((e) => e.wallet === wallet)) continue
      let connector: Connector
      try {
        connector = createSatsConnectConnector(wallet, deps.load ?? loadSatsConnect)
      } catch (error) {
        refused.add(wallet)
        deps.warn('ignoring a sats-connect wallet:', (error as { issues?: { message: string }[] }).issues?.[0]?.message ?? error)
        continue
      }
      if (listed.has(connector.id)) continue
      listed.set(connector.id, { wallet, unregister: deps.registerConnector(connector) })
    }
  }
  void rescan()
  // an extension's script (or a test wallet's chunk) may run just after the page's: look again a few times, then
  // only when the modal opens
  const timers = RESCAN_AFTER_MS.map((ms) => setTimeout(() => void rescan(), ms))

  return {
    rescan,
    stop() {
      stopped = true
      timers.forEach(clearTimeout)
      for (const { unregister } of listed.values()) unregister()
      listed.clear()
    },
  }
}
