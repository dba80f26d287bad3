import { hostedRpcUrl } from '@portico/contracts/api'
import { definePlugin, type PluginContext } from '@portico/contracts/plugin'
import { createLazyEvmAdapter } from './adapter/lazy.js'
import { parseEvmOptions, type EvmOptions } from './options.js'

export type EvmParameters = EvmOptions

/**
 * The eip155 chain adapter plugin (viem). Its options are the factory's parameters (a host loading it as a remote
 * gives them as `features.evm`, which the kernel passes to the factory); they are validated at setup.
 *
 * @example
 * createKernel({ projectId, networks: ['eip155:31337'], plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:8545'] } })] })
 */
export function evm(parameters: EvmParameters = {}) {
  return definePlugin({
    name: 'evm',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    activation: 'open',
    setup(ctx) {
      const options = parseEvmOptions(parameters)
      // viem loads on the adapter's first call; the Connect view shows without it
      const adapter = createLazyEvmAdapter({ ...options, ...hostedRpcOf(ctx, parameters.hostedRpc) })
      const unregister = ctx.registerAdapter(adapter)
      // once the modal has painted, the rest of the adapter downloads while the visitor picks a wallet
      ctx.hooks.afterOpen.tap(() => {
        const start = () => void adapter.load().catch((error) => ctx.log.warn('adapter code:', error))
        const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 1000 }) : start())
        if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle, 0))
        else setTimeout(start, 0)
      })
      return () => {
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

export default evm
