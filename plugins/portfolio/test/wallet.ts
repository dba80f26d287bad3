/**
 * A test wallet for the Tokens tab: a real chain adapter and connector (the kernel connects through them) whose
 * EIP-5792 capabilities and EIP-7811 `wallet_getAssets` answers a test scripts.
 */
import { defineChainAdapter, defineConnector, definePlugin } from '@portico/contracts/plugin'

export function assetWalletPlugin(options: { address: string; chainId?: number }) {
  const wallet = {
    chainId: options.chainId ?? 31337,
    capabilities: {} as unknown,
    assets: {} as unknown,
    /** Make `wallet_getAssets` throw. */
    failAssets: false,
    requests: [] as { method: string; params?: unknown }[],
  }
  const connector = defineConnector({ id: 'asset-wallet', name: 'Asset Wallet', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => wallet })
  const adapter = defineChainAdapter({
    namespace: 'eip155',
    networks: [],
    capabilities: ['getCapabilities', 'request'],
    connect: async () => ({ address: options.address, accounts: [options.address], chainId: wallet.chainId }),
    reconnect: async () => undefined,
    disconnect: async () => {},
    async switchNetwork({ network }) {
      wallet.chainId = Number(network.id)
    },
    getBalance: async () => ({ balance: '0', symbol: 'ETH' }),
    signMessage: async () => '0x',
    sendTransaction: async () => '0x',
    watch: async () => () => {},
    async getCapabilities({ address }) {
      wallet.requests.push({ method: 'wallet_getCapabilities', params: [address] })
      return wallet.capabilities as Record<string, unknown>
    },
    async request({ method, params }) {
      wallet.requests.push({ method, params })
      if (method !== 'wallet_getAssets') throw Object.assign(new Error('Method not supported'), { code: 4200 })
      if (wallet.failAssets) throw Object.assign(new Error('Internal error'), { code: -32603 })
      return wallet.assets
    },
  })
  const plugin = definePlugin({
    name: 'asset-wallet',
    version: '0.0.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    setup(ctx) {
      ctx.registerAdapter(adapter)
      ctx.registerConnector(connector)
    },
  })
  return { wallet, plugin }
}
