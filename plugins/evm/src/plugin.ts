import { definePlugin } from '@portico/contracts/plugin'
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
      const adapter = createLazyEvmAdapter(options)
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

export default evm
