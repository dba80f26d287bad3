// The chain-adapter conformance suite against the Dev Wallet's Bitcoin wallet, reached the way a page reaches it:
// installed in `window.btc_providers`, called through sats-connect's own `request`. Balances come from a local
// Esplora-compatible server holding the wallet's fixture coin (there is no bitcoin node here).
import { startServer, json } from '@portico/tests/servers'
import { describeChainAdapter, describeConnector, describePlugin } from '@portico/tests/conformance'
import {
  BITCOIN_DEV_WALLET_CONNECTOR_ID,
  BITCOIN_FIXTURE_UTXO,
  bitcoinDevAccounts,
  createBitcoinDevWallet,
  registerBitcoinDevWallet,
} from '@portico/tests/wallets/bitcoin'
import { vi } from 'vitest'
import packageJson from '../package.json' with { type: 'json' }
import { createBitcoinAdapter } from './adapter/index.js'
import { createSatsConnectConnector } from './connectors.js'
import { bitcoinMainnet, bitcoinRegtest, withRpcUrls } from './networks.js'
import bitcoin from './plugin.js'

/** An Esplora `GET /address/{address}` answer: the fixture coin is the payment address's, on every network. */
async function startEsplora() {
  return startServer((_req, url, res) => {
    const address = decodeURIComponent(url.pathname.split('/').pop() ?? '')
    const ours = ['Regtest', 'Mainnet'].some((n) => bitcoinDevAccounts(n as 'Regtest').payment.address === address)
    const funded = ours ? Number(BITCOIN_FIXTURE_UTXO.amount) : 0
    json(res, 200, { address, chain_stats: { funded_txo_sum: funded, spent_txo_sum: 0, tx_count: ours ? 1 : 0 }, mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0, tx_count: 0 } })
  })
}

describeChainAdapter('bitcoin (sats-connect Dev Wallet)', async () => {
  const esplora = await startEsplora()
  const wallet = createBitcoinDevWallet()
  const remove = registerBitcoinDevWallet(wallet)
  const network = withRpcUrls(bitcoinRegtest, [esplora.url])
  const otherNetwork = withRpcUrls(bitcoinMainnet, [esplora.url])
  const adapter = createBitcoinAdapter({ rpcUrls: { [network.caipNetworkId]: [esplora.url], [otherNetwork.caipNetworkId]: [esplora.url] } })
  return {
    adapter,
    connector: createSatsConnectConnector((window as unknown as { btc_providers: unknown[] }).btc_providers.at(-1)),
    network,
    otherNetwork,
    address: bitcoinDevAccounts('Regtest').payment.address,
    setRejecting: (rejecting) => wallet.setMode(rejecting ? 'reject' : 'approve'),
    revokesOnDisconnect: true,
    transaction: { to: bitcoinDevAccounts('Regtest').ordinals.address, value: 25_000n },
    teardown: async () => {
      adapter.destroy()
      remove()
      await esplora.close()
    },
  }
})

describeConnector('sats-connect Dev Wallet', () => {
  const remove = registerBitcoinDevWallet(createBitcoinDevWallet())
  return { connector: createSatsConnectConnector((window as unknown as { btc_providers: unknown[] }).btc_providers.at(-1)), teardown: remove }
})

describeConnector('sats-connect Dev Wallet, as the plugin lists it', async () => {
  const { createKernel } = await import('@portico/kernel')
  const remove = registerBitcoinDevWallet(createBitcoinDevWallet())
  const kernel = createKernel({ projectId: 'conformance', plugins: [bitcoin()] })
  await kernel.ready
  await vi.waitFor(() => {
    if (!kernel.getConnector(BITCOIN_DEV_WALLET_CONNECTOR_ID)) throw new Error('not listed yet')
  })
  return {
    connector: kernel.getConnector(BITCOIN_DEV_WALLET_CONNECTOR_ID)!,
    teardown: () => {
      kernel.destroy()
      remove()
    },
  }
})

describePlugin(() => bitcoin(), { packageJson })
