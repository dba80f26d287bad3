import { hostedRpcUrl } from '@portico/contracts/api'
import { definePlugin, type PluginContext } from '@portico/contracts/plugin'
import { createLazySolanaAdapter } from './adapter/lazy.js'
import { discoverSolanaWallets } from './discovery.js'
import { solanaMessages, type Translate } from './messages.js'
import { parseSolanaOptions, type SolanaOptions } from './options.js'

export type SolanaParameters = SolanaOptions

/**
 * The solana chain adapter plugin (`@solana/kit`) with Wallet Standard discovery: every wallet serving Solana is a
 * connector on the Connect view. Its options are the factory's parameters (a host loading it as a remote gives
 * them as `features.solana`); they are validated at setup. `@solana/kit` loads on the adapter's first call and the
 * wallet registry only in a browser.
 *
 * @example
 * createKernel({ projectId, networks: ['solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP'], plugins: [solana({ local: { caipNetworkId: 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP', rpcUrl: 'http://127.0.0.1:8899' } })] })
 */
export function solana(parameters: SolanaParameters = {}) {
  return definePlugin({
    name: 'solana',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    activation: 'open',
    messages: { en: solanaMessages },
    setup(ctx) {
      const options = parseSolanaOptions(parameters)
      const t: Translate = (key, params) => ctx.t(key, params)
      const adapter = createLazySolanaAdapter({
        ...(options.networks ? { networks: options.networks } : {}),
        ...(options.rpcUrls ? { rpcUrls: options.rpcUrls } : {}),
        ...(options.local ? { local: options.local } : {}),
        ...hostedRpcOf(ctx, options.hostedRpc),
        t,
      })
      const unregister = ctx.registerAdapter(adapter)
      const stopDiscovery =
        typeof window !== 'undefined' && options.walletStandard !== false
          ? discoverSolanaWallets({ registerConnector: ctx.registerConnector, warn: ctx.log.warn })
          : undefined
      // once the modal has painted, the adapter's code downloads while the visitor picks a wallet
      ctx.hooks.afterOpen.tap(() => {
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

/**
 * The api's hosted RPC endpoint for the adapter, when an api endpoint and a project id are configured and the option
 * does not turn it off: chains listed by `v1/supported-chains` go through `<api>/v1/?chainId=…&projectId=…` first.
 */
function hostedRpcOf(ctx: PluginContext, enabled: boolean | undefined) {
  const api = ctx.http.endpoint('api')
  const projectId = ctx.kernelOptions.projectId
  if (enabled === false || !api || typeof projectId !== 'string' || !projectId) return {}
  return { hosted: { url: (caip: string) => hostedRpcUrl(api, caip, projectId), isListed: (caip: string) => ctx.http.isNetworkSupported(caip) } }
}

export default solana
