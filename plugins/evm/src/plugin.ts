import { definePlugin } from '@portico/contracts/plugin'
import { createEvmAdapter } from './adapter.js'
import { parseEvmOptions, type EvmOptions } from './options.js'

export type EvmParameters = EvmOptions

/**
 * The eip155 chain adapter plugin (viem). Options come from the factory and from the kernel's `features.evm`
 * (the latter win per key; `rpcUrls` merge per chain id).
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
    setup(ctx) {
      const fromKernel = ctx.options as EvmOptions
      const options = parseEvmOptions({
        ...parameters,
        ...fromKernel,
        rpcUrls: { ...parameters.rpcUrls, ...fromKernel.rpcUrls },
      })
      const adapter = createEvmAdapter(options)
      const unregister = ctx.registerAdapter(adapter)
      return () => {
        unregister()
        adapter.destroy()
      }
    },
  })
}

export default evm
