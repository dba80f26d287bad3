import { defineChainAdapter, defineConnector, definePlugin } from '@portico/contracts/plugin'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import type { Hex } from 'viem'

/**
 * Test wallets for the names plugin: an eip155 account behind a connector of type `AUTH` (as the embedded wallet's)
 * or of another type, whose signatures are real (a viem local account), so a name service can verify them. `mode`
 * makes the next signature approve, be declined, or wait until `release()` is called.
 */
export function signingWalletPlugin(options: { connectorId?: string; type?: 'AUTH' | 'ANNOUNCED'; key?: Hex } = {}) {
  const account = privateKeyToAccount(options.key ?? generatePrivateKey())
  const state = { mode: 'approve' as 'approve' | 'reject' | 'hold', signed: [] as string[], release: () => {} }
  const id = options.connectorId ?? (options.type === 'ANNOUNCED' ? 'test-wallet' : 'auth')
  const connector = defineConnector({ id, name: id === 'auth' ? 'Email' : 'Test Wallet', type: options.type ?? 'AUTH', chains: ['eip155'], getProvider: async () => state })
  const adapter = defineChainAdapter({
    namespace: 'eip155',
    networks: [],
    capabilities: [],
    connect: async () => ({ address: account.address, accounts: [account.address], chainId: 31337 }),
    reconnect: async () => undefined,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '1', symbol: 'ETH' }),
    async signMessage({ message }) {
      if (state.mode === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 'USER_REJECTED' })
      if (state.mode === 'hold') await new Promise<void>((resolve) => (state.release = resolve))
      state.signed.push(message)
      return account.signMessage({ message })
    },
    sendTransaction: async () => `0x${'cd'.repeat(32)}`,
    watch: async () => () => {},
  })
  const plugin = definePlugin({
    name: 'test-signing-wallet',
    version: '0.0.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    setup(ctx) {
      ctx.registerAdapter(adapter)
      ctx.registerConnector(connector)
    },
  })
  return { plugin, account, state, connectorId: id }
}
