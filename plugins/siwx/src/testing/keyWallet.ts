import { defineChainAdapter, defineConnector, definePlugin } from '@portico/contracts/plugin'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Two of anvil's well-known development keys: public test keys, never funded anywhere real. */
export const TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9c86dae88c7a8412f4603b6b78690d',
] as const satisfies readonly Hex[]

/**
 * An eip155 wallet for tests that signs with real keys (so signatures verify), behind the real adapter and
 * connector interfaces. `mode: 'reject'` declines the next requests like a wallet's 4001; `switchAccount` plays the
 * wallet changing its account.
 */
export function keyWalletPlugin(keys: readonly Hex[] = TEST_KEYS) {
  const accounts = keys.map((k) => privateKeyToAccount(k))
  const wallet = {
    mode: 'approve' as 'approve' | 'reject',
    chainId: 31337,
    account: accounts[0]!,
    signed: [] as string[],
    onAccounts: undefined as ((accounts: string[]) => void) | undefined,
    switchAccount(index: number) {
      wallet.account = accounts[index]!
      wallet.onAccounts?.([wallet.account.address])
    },
  }
  const check = () => {
    if (wallet.mode === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 'USER_REJECTED', cause: { code: 4001 } })
  }
  const connector = defineConnector({ id: 'key-wallet', name: 'Key Wallet', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => wallet })
  const adapter = defineChainAdapter({
    namespace: 'eip155',
    networks: [],
    capabilities: [],
    async connect() {
      return { address: wallet.account.address, accounts: [wallet.account.address], chainId: wallet.chainId }
    },
    async reconnect() {
      return { address: wallet.account.address, accounts: [wallet.account.address], chainId: wallet.chainId }
    },
    async disconnect() {},
    async switchNetwork({ network }) {
      wallet.chainId = Number(network.id)
    },
    async getBalance() {
      return { balance: '1', symbol: 'ETH' }
    },
    async signMessage({ message }) {
      check()
      wallet.signed.push(message)
      return wallet.account.signMessage({ message })
    },
    async sendTransaction() {
      throw new Error('not in these tests')
    },
    async watch({ onAccountsChanged }) {
      wallet.onAccounts = onAccountsChanged
      return () => void (wallet.onAccounts = undefined)
    },
  })
  const plugin = definePlugin({
    name: 'key-wallet',
    version: '0.0.0',
    contracts: '^1.0.0',
    kind: 'adapter',
    setup(ctx) {
      ctx.registerAdapter(adapter)
      ctx.registerConnector(connector)
    },
  })
  return { wallet, plugin, accounts }
}
