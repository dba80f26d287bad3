import type { Connector, Unsubscribe } from '@portico/contracts/plugin'
import { createInjectedConnector } from './connectors.js'
import { isInjectedExtension } from './extension/injected.js'

export type ExtensionDiscoveryDeps = {
  registerConnector: (connector: Connector) => Unsubscribe
  warn: (...args: unknown[]) => void
  /** Where extensions inject themselves. Default: `window.injectedWeb3`. */
  source?: () => Record<string, unknown> | undefined
  /** When to look again after the first look, in ms: extensions inject at different times. */
  rescanAfterMs?: readonly number[]
}

/** Extensions inject at document start, but some (and the Dev Wallet) a little later: look again for a few seconds. */
const RESCAN_AFTER_MS = [100, 500, 1000, 2000, 3000, 5000] as const

const windowSource = () => (window as unknown as { injectedWeb3?: Record<string, unknown> }).injectedWeb3

/**
 * Lists every extension in `window.injectedWeb3` as a connector, now, on page load, a few times in the next
 * seconds and on each `rescan()` (the plugin calls it when the modal opens); an extension that is gone by then (a
 * wallet disabled mid-session) is unlisted. Browser only. Returns the stop function, which unlists them all.
 *
 * @example
 * const stop = discoverPolkadotExtensions({ registerConnector: ctx.registerConnector, warn: ctx.log.warn })
 */
export function discoverPolkadotExtensions(deps: ExtensionDiscoveryDeps): (() => void) & { rescan: () => void } {
  const source = deps.source ?? windowSource
  const listed = new Map<string, { entry: unknown; unregister: Unsubscribe }>()
  const scan = () => {
    const entries = source() ?? {}
    for (const [key, entry] of Object.entries(entries)) {
      if (listed.get(key)?.entry === entry || !isInjectedExtension(entry)) continue
      let connector: Connector
      try {
        connector = createInjectedConnector(key, entry)
      } catch (error) {
        deps.warn(`ignoring the injectedWeb3 entry "${key}":`, (error as { issues?: { message: string }[] }).issues?.[0]?.message ?? error)
        continue
      }
      listed.get(key)?.unregister()
      listed.set(key, { entry, unregister: deps.registerConnector(connector) })
    }
    for (const [key, { unregister }] of [...listed]) {
      if (key in entries) continue
      unregister()
      listed.delete(key)
    }
  }
  scan()
  const timers = (deps.rescanAfterMs ?? RESCAN_AFTER_MS).map((ms) => setTimeout(scan, ms))
  const onLoad = () => scan()
  if (typeof window !== 'undefined') window.addEventListener('load', onLoad)
  let stopped = false
  const stop = () => {
    stopped = true
    timers.forEach(clearTimeout)
    if (typeof window !== 'undefined') window.removeEventListener('load', onLoad)
    for (const { unregister } of listed.values()) unregister()
    listed.clear()
  }
  return Object.assign(stop, { rescan: () => void (stopped || scan()) })
}
