import { defineChainAdapter, forwardMethods, lazyInstance, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import { configuredSolanaNetworks } from '../networks.js'
import type { SolanaAdapterParameters } from './context.js'
import type { SolanaAdapter, SolanaAdapterExtras } from './index.js'

/** The methods forwarded to the real adapter once its code has loaded. */
const METHODS = [
  'connect',
  'reconnect',
  'disconnect',
  'switchNetwork',
  'getBalance',
  'signMessage',
  'sendTransaction',
  'waitForTransaction',
  'watch',
  'signTransaction',
  'signAllTransactions',
  'signAndSendTransaction',
  'getTokenBalances',
] as const satisfies readonly (keyof ChainAdapter | keyof SolanaAdapterExtras)[]

/** The solana adapter whose `@solana/kit` code loads on its first call; `load` starts it early. */
export type LazySolanaAdapter = ChainAdapter &
  SolanaAdapterExtras & { load: () => Promise<SolanaAdapter>; getNetwork: (connector: Connector) => CaipNetworkLike | undefined; destroy: () => void }

/**
 * The solana adapter as the modal first needs it: its networks at once, `@solana/kit` only when a wallet connects,
 * a session is restored or a balance is read.
 *
 * @example
 * const adapter = createLazySolanaAdapter({ local: { caipNetworkId, rpcUrl } })
 * adapter.networks // at once
 * await adapter.connect({ connector }) // loads the adapter's code first
 */
export function createLazySolanaAdapter(parameters: SolanaAdapterParameters = {}): LazySolanaAdapter {
  const instance = lazyInstance(() => import('./index.js').then((m) => m.createSolanaAdapter(parameters)))
  const load = instance.load
  const methods = forwardMethods(load, METHODS) as Pick<SolanaAdapter, (typeof METHODS)[number]>
  return {
    ...defineChainAdapter({
      namespace: 'solana',
      networks: configuredSolanaNetworks(parameters),
      capabilities: ['waitForTransaction'],
      ...methods,
    }),
    signTransaction: methods.signTransaction,
    signAllTransactions: methods.signAllTransactions,
    signAndSendTransaction: methods.signAndSendTransaction,
    getTokenBalances: methods.getTokenBalances,
    load,
    getNetwork: (connector) => instance.current()?.getNetwork(connector),
    destroy: instance.destroy,
  }
}
