import type { Chain } from 'viem'
import { createConfig, http, type Config, type CreateConfigParameters, type Transport } from 'wagmi'
import { porticoConnector, type PorticoKernel } from './connector.js'

export type CreatePorticoWagmiConfigParameters<chains extends readonly [Chain, ...Chain[]]> = {
  /** The Portico kernel (with the evm adapter) whose eip155 connection wagmi follows. */
  kernel: PorticoKernel
  /** The chains the app uses; list the same networks in the kernel's `networks`. */
  chains: chains
  /** Transports per chain id. Default: `http()` on each chain's default RPC URL. */
  transports?: Record<chains[number]['id'], Transport>
} & Omit<CreateConfigParameters<chains>, 'chains' | 'transports' | 'connectors' | 'client'>

/**
 * A wagmi config whose one connector is Portico: every wagmi hook works on the wallet the visitor connected in the
 * Portico modal. EIP-6963 discovery is off (Portico's modal lists the wallets); wagmi's storage and `ssr` options
 * pass through.
 *
 * @example
 * const config = createPorticoWagmiConfig({ kernel, chains: [mainnet, sepolia] })
 * // <WagmiProvider config={config}><QueryClientProvider client={queryClient}>…</QueryClientProvider></WagmiProvider>
 */
export function createPorticoWagmiConfig<const chains extends readonly [Chain, ...Chain[]]>(
  parameters: CreatePorticoWagmiConfigParameters<chains>,
): Config<chains, Record<chains[number]['id'], Transport>> {
  const { kernel, chains, transports, ...rest } = parameters
  const defaults = Object.fromEntries(chains.map((chain) => [chain.id, http()])) as Record<chains[number]['id'], Transport>
  return createConfig({
    multiInjectedProviderDiscovery: false,
    ...rest,
    chains,
    connectors: [porticoConnector({ kernel })],
    transports: { ...defaults, ...transports },
  } as CreateConfigParameters<chains, Record<chains[number]['id'], Transport>>) as Config<chains, Record<chains[number]['id'], Transport>>
}
