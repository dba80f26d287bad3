import { definePlugin, type Unsubscribe } from '@portico/contracts/plugin'
import * as z from 'zod/mini'
import { createAnnouncedConnector, createInjectedConnector } from './connectors.js'
import { EIP6963_ANNOUNCE, EIP6963_REQUEST, Eip6963AnnounceDetailSchema, isEip1193Provider, type Eip1193Provider } from './eip6963.js'

export type InjectedParameters = {
  /** List `window.ethereum` as the "injected" connector when no announced wallet is the same provider (default true). */
  windowEthereum?: boolean
}

const InjectedOptionsSchema = z.object({ windowEthereum: z.optional(z.boolean()) })

/**
 * Connectors for browser wallets: every EIP-6963 announced provider (id = its rdns) and `window.ethereum`
 * (id `injected`) unless an announced wallet already is that provider. Touches `window` only in setup.
 *
 * @example
 * createKernel({ projectId, plugins: [evm(), injected()] })
 */
export function injected(parameters: InjectedParameters = {}) {
  return definePlugin({
    name: 'injected',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'connector',
    activation: 'open',
    setup(ctx) {
      const options = InjectedOptionsSchema.parse(parameters)
      if (typeof window === 'undefined') return
      const announced = new Map<string, { provider: Eip1193Provider; unregister: Unsubscribe }>()
      let injectedEntry: { provider: Eip1193Provider; unregister: Unsubscribe } | undefined

      const syncWindowEthereum = () => {
        const ethereum = (window as { ethereum?: unknown }).ethereum
        const wanted =
          options.windowEthereum !== false &&
          isEip1193Provider(ethereum) &&
          ![...announced.values()].some((a) => a.provider === ethereum)
        if (injectedEntry && (!wanted || injectedEntry.provider !== ethereum)) {
          injectedEntry.unregister()
          injectedEntry = undefined
        }
        if (!injectedEntry && wanted) {
          const provider = ethereum as Eip1193Provider
          injectedEntry = { provider, unregister: ctx.registerConnector(createInjectedConnector(provider)) }
        }
      }

      const onAnnounce = (event: Event) => {
        const parsed = Eip6963AnnounceDetailSchema.safeParse((event as CustomEvent).detail)
        if (!parsed.success) {
          ctx.log.warn('ignoring an invalid EIP-6963 announcement:', parsed.error.issues[0]?.message)
          return
        }
        const { info, provider } = parsed.data
        // wallets re-announce on every request; one connector per rdns, the first announcement wins
        if (announced.has(info.rdns)) return
        announced.set(info.rdns, { provider, unregister: ctx.registerConnector(createAnnouncedConnector(info, provider)) })
        syncWindowEthereum()
      }

      window.addEventListener(EIP6963_ANNOUNCE, onAnnounce)
      window.dispatchEvent(new Event(EIP6963_REQUEST))
      syncWindowEthereum()
      // MetaMask may inject after the page's scripts ran, then fires this
      window.addEventListener('ethereum#initialized', syncWindowEthereum)

      return () => {
        window.removeEventListener(EIP6963_ANNOUNCE, onAnnounce)
        window.removeEventListener('ethereum#initialized', syncWindowEthereum)
        for (const entry of announced.values()) entry.unregister()
        announced.clear()
        injectedEntry?.unregister()
        injectedEntry = undefined
      }
    },
  })
}

export default injected
