import { definePlugin } from '@portico/contracts/plugin'
import { createEvmAdapter } from './adapter/index.js'
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
