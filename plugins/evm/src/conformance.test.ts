import { defineConnector } from '@portico/contracts/plugin'
import { describeChainAdapter, describePlugin } from '@portico/tests/conformance'
import { createDevWallet } from '@portico/tests/wallets/evm'
import { ANVIL_ACCOUNTS, startAnvil } from '@portico/tests/anvil'
import packageJson from '../package.json' with { type: 'json' }
import { createEvmAdapter } from './adapter/index.js'
import { createLazyEvmAdapter } from './adapter/lazy.js'
import evm from './plugin.js'

/** The Dev Wallet on two anvils, driving an adapter that `create` makes for their RPC URLs. */
const onTwoAnvils = (create: typeof createEvmAdapter | typeof createLazyEvmAdapter) => async () => {
  const [a, b] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  const wallet = createDevWallet({ rpcUrls: { 31337: a.url, 31338: b.url } })
  const adapter = create({ rpcUrls: { 31337: [a.url], 31338: [b.url] } })
  const connector = defineConnector({ id: 'dev.portico.wallet', name: 'Portico Dev Wallet', type: 'ANNOUNCED', chains: ['eip155'], getProvider: async () => wallet })
  return {
    adapter,
    connector,
    network: adapter.networks.find((n) => n.id === 31337)!,
    otherNetwork: adapter.networks.find((n) => n.id === 31338)!,
    address: ANVIL_ACCOUNTS[0].address,
    setRejecting: (rejecting: boolean) => wallet.setMode(rejecting ? 'reject' : 'approve'),
    revokesOnDisconnect: true,
    transaction: { to: ANVIL_ACCOUNTS[1].address, value: 1n },
    async teardown() {
      adapter.destroy()
      await Promise.all([a.stop(), b.stop()])
    },
  }
}

describeChainAdapter('evm + Portico Dev Wallet on two anvils', onTwoAnvils(createEvmAdapter))
// the adapter the plugin registers: the same behaviour, its code loaded on the first call
describeChainAdapter('evm (lazy, as the plugin registers it) + Portico Dev Wallet on two anvils', onTwoAnvils(createLazyEvmAdapter))

describePlugin(() => evm(), { packageJson })
