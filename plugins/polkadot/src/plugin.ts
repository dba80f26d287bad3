import { definePlugin } from '@portico/contracts/plugin'
import { createLazyPolkadotAdapter } from './adapter/lazy.js'
import { discoverPolkadotExtensions } from './discovery.js'
import { UserRejectedError } from './errors.js'
import { polkadotMessages, type Translate } from './messages.js'
import { parsePolkadotOptions, type PolkadotOptions } from './options.js'
import { ACCOUNT_PICKER_VIEW, askForAccount } from './picker.js'

export type PolkadotParameters = PolkadotOptions

/**
 * The polkadot chain adapter plugin: Polkadot, Kusama and Westend, every extension in `window.injectedWeb3` a
 * connector on the Connect view, the visitor's pick of account when an extension has several, addresses in each
 * network's SS58 format and messages signed with `signRaw`. Its options are the factory's parameters (a host loading
 * it as a remote gives them as `features.polkadot`). The SS58 and signing code loads on the adapter's first call;
 * extensions are looked for only in a browser.
 *
 * @example
 * createKernel({ projectId, adapters: ['polkadot'], networks: ['polkadot:91b171bb158e2d3848fa23a9f1c25182'], plugins: [polkadot({ appName: 'My dapp' })] })
 */
export function polkadot(parameters: PolkadotParameters = {}) {
  return definePlugin({
    name: 'polkadot',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    activation: 'open',
    messages: { en: polkadotMessages },
    views: {
      [ACCOUNT_PICKER_VIEW]: { load: () => import('./views/AccountPickerView.js'), title: 'polkadot.picker.title' },
    },
    setup(ctx) {
      const options = parsePolkadotOptions(parameters)
      const t: Translate = (key, params) => ctx.t(key, params)
      const metadata = ctx.kernelOptions.metadata as { name?: unknown } | undefined
      const adapter = createLazyPolkadotAdapter({
        ...(options.networks ? { networks: options.networks } : {}),
        ...(options.rpcUrls ? { rpcUrls: options.rpcUrls } : {}),
        appName: options.appName ?? (typeof metadata?.name === 'string' && metadata.name ? metadata.name : 'Portico'),
        storage: ctx.storage,
        t,
        chooseAccount: ({ connector, accounts }) =>
          askForAccount(ctx.router.push, { wallet: connector.name, walletIcon: connector.imageUrl, accounts }, () => new UserRejectedError('connect', { t })),
      })
      const unregister = ctx.registerAdapter(adapter)
      const stopDiscovery =
        typeof window !== 'undefined' && options.injected !== false
          ? discoverPolkadotExtensions({ registerConnector: ctx.registerConnector, warn: ctx.log.warn })
          : undefined
      // once the modal has painted, the adapter's code downloads while the visitor picks a wallet
      ctx.hooks.afterOpen.tap(() => {
        // an extension enabled or removed since the page loaded shows (or goes) when the visitor opens the modal
        stopDiscovery?.rescan()
        const start = () => void adapter.load().catch((error) => ctx.log.warn('adapter code:', error))
        if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 1000 })
        else setTimeout(start, 0)
      })
      return () => {
        stopDiscovery?.()
        unregister()
        adapter.destroy()
      }
    },
  })
}

export default polkadot
