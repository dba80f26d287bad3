import type { Connector, Unsubscribe } from '@portico/contracts/plugin'
import type { Wallet } from '@wallet-standard/core'
import { createWalletStandardConnector } from './connectors.js'
import { isSolanaStandardWallet } from './wallet/standard.js'

export type WalletDiscoveryDeps = {
  registerConnector: (connector: Connector) => Unsubscribe
  warn: (...args: unknown[]) => void
  /** The Wallet Standard registry; default: `@wallet-standard/app`'s `getWallets()`, loaded on the first call. */
  getWallets?: () => Promise<{ get(): readonly Wallet[]; on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void }>
}

const defaultRegistry = async () => (await import('@wallet-standard/app')).getWallets()

/**
 * Lists every Wallet Standard wallet that serves Solana (standard:connect, a `solana:` chain and feature) as a
 * connector, now and as wallets register or unregister; one connector per id, the first wallet wins. Browser only:
 * the registry is loaded on call. Returns the stop function, which unlists them.
 *
 * @example
 * const stop = discoverSolanaWallets({ registerConnector: ctx.registerConnector, warn: ctx.log.warn })
 */
export function discoverSolanaWallets(deps: WalletDiscoveryDeps): () => void {
  const listed = new Map<Wallet, { id: string; unregister: Unsubscribe }>()
  const ids = new Set<string>()
  let stopped = false
  let stopEvents: (() => void)[] = []

  const add = (wallet: Wallet) => {
    if (stopped || listed.has(wallet) || !isSolanaStandardWallet(wallet)) return
    let connector: Connector
    try {
      connector = createWalletStandardConnector(wallet)
    } catch (error) {
      deps.warn('ignoring a Wallet Standard wallet:', (error as { issues?: { message: string }[] }).issues?.[0]?.message ?? error)
      return
    }
    if (ids.has(connector.id)) return
    ids.add(connector.id)
    listed.set(wallet, { id: connector.id, unregister: deps.registerConnector(connector) })
  }
  const remove = (wallet: Wallet) => {
    const entry = listed.get(wallet)
    if (!entry) return
    entry.unregister()
    ids.delete(entry.id)
    listed.delete(wallet)
  }

  void (deps.getWallets ?? defaultRegistry)()
    .then((registry) => {
      if (stopped) return
      stopEvents = [registry.on('register', (...wallets) => wallets.forEach(add)), registry.on('unregister', (...wallets) => wallets.forEach(remove))]
      registry.get().forEach(add)
    })
    .catch((error: unknown) => deps.warn('Wallet Standard discovery failed:', error))

  return () => {
    stopped = true
    stopEvents.forEach((stop) => stop())
    for (const wallet of [...listed.keys()]) remove(wallet)
  }
}
