import { definePlugin } from '@portico/contracts/plugin'
import { createBitcoinAdapter } from './adapter/index.js'
import { discoverBitcoinWallets } from './discovery.js'
import { bitcoinMessages, type Translate } from './messages.js'
import { parseBitcoinOptions, type BitcoinOptions } from './options.js'

export type BitcoinParameters = BitcoinOptions

/**
 * The bip122 chain adapter plugin on sats-connect: every wallet sats-connect knows of (`window.btc_providers`) is a
 * connector on the Connect view, with its payment and ordinals addresses. Its options are the factory's parameters
 * (a host loading it as a remote gives them as `features.bitcoin`); they are validated at setup. sats-connect loads
 * only in a browser, when the plugin looks for wallets.
 *
 * @example
 * createKernel({ projectId, networks: ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328'], adapters: ['bip122'], plugins: [bitcoin()] })
 */
export function bitcoin(parameters: BitcoinParameters = {}) {
  return definePlugin({
    name: 'bitcoin',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    activation: 'open',
    messages: { en: bitcoinMessages },
    setup(ctx) {
      const options = parseBitcoinOptions(parameters)
      const t: Translate = (key, params) => ctx.t(key, params)
      const adapter = createBitcoinAdapter({
        ...(options.networks ? { networks: options.networks } : {}),
        ...(options.rpcUrls ? { rpcUrls: options.rpcUrls } : {}),
        t,
      })
      const unregister = ctx.registerAdapter(adapter)
      const discovery =
        typeof window !== 'undefined' && options.satsConnect !== false ? discoverBitcoinWallets({ registerConnector: ctx.registerConnector, warn: ctx.log.warn }) : undefined
      // a wallet whose script ran after the plugin's setup is listed when the modal opens
      if (discovery) ctx.hooks.afterOpen.tap(() => void discovery.rescan())
      return () => {
        discovery?.stop()
        unregister()
        adapter.destroy()
      }
    },
  })
}

export default bitcoin
