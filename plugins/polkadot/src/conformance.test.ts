// @vitest-environment node
import { describeChainAdapter, describeConnector, describePlugin } from '@portico/tests/conformance'
import { createPolkadotDevWallet, POLKADOT_DEV_WALLET_KEY } from '@portico/tests/wallets/polkadot'
import packageJson from '../package.json' with { type: 'json' }
import { createPolkadotAdapter } from './adapter/index.js'
import { createLazyPolkadotAdapter } from './adapter/lazy.js'
import { addressOn, publicKeyOf } from './adapter/addresses.js'
import { startSubstrateRpc } from './__fixtures__/substrateRpc.js'
import { createInjectedConnector } from './connectors.js'
import { kusama, polkadotMainnet } from './networks.js'
import polkadot from './plugin.js'

/** The adapter and the Dev Wallet extension; both networks read balances from a local JSON-RPC answering like a node. */
const withDevWallet = (create: typeof createPolkadotAdapter | typeof createLazyPolkadotAdapter, uris: string[]) => async () => {
  const rpc = await startSubstrateRpc()
  const wallet = createPolkadotDevWallet({ uris })
  const adapter = create({ rpcUrls: { [polkadotMainnet.caipNetworkId]: [rpc.url], [kusama.caipNetworkId]: [rpc.url] } })
  const address = addressOn(publicKeyOf(wallet.addresses[0]!)!, polkadotMainnet)
  rpc.setFree(address, 12_345_000_000n)
  return {
    adapter,
    connector: createInjectedConnector(POLKADOT_DEV_WALLET_KEY, wallet.entry),
    network: adapter.networks.find((n) => n.caipNetworkId === polkadotMainnet.caipNetworkId)!,
    otherNetwork: adapter.networks.find((n) => n.caipNetworkId === kusama.caipNetworkId)!,
    address,
    setRejecting: (rejecting: boolean) => wallet.setMode(rejecting ? 'reject' : 'approve'),
    async teardown() {
      adapter.destroy()
      await rpc.close()
    },
  }
}

describeChainAdapter('polkadot + Portico Dev Wallet extension (injectedWeb3)', withDevWallet(createPolkadotAdapter, ['//Alice', '//Bob']))
describeChainAdapter('polkadot (lazy, as the plugin registers it) + Portico Dev Wallet extension', withDevWallet(createLazyPolkadotAdapter, ['//Charlie']))

describeConnector('injectedWeb3 Dev Wallet extension', () => ({ connector: createInjectedConnector(POLKADOT_DEV_WALLET_KEY, createPolkadotDevWallet().entry) }))

describePlugin(() => polkadot(), { packageJson })
