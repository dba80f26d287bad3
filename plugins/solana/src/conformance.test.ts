// The chain-adapter conformance suite runs on the real local chain in chain.test.ts (node: WebCrypto signing).
import { describeConnector, describePlugin } from '@portico/tests/conformance'
import { createSolanaDevWallet, registerSolanaDevWallet, SOLANA_DEV_WALLET_CONNECTOR_ID } from '@portico/tests/wallets/solana'
import { SOLANA_LOCAL_CHAIN_ID } from '@portico/tests/solana/keys'
import { vi } from 'vitest'
import packageJson from '../package.json' with { type: 'json' }
import { createWalletStandardConnector } from './connectors.js'
import solana from './plugin.js'

describeConnector('Wallet Standard dev wallet', async () => ({ connector: createWalletStandardConnector(await createSolanaDevWallet()) }))

describeConnector('Wallet Standard dev wallet, as the plugin registers it', async () => {
  const { createKernel } = await import('@portico/kernel')
  const stop = registerSolanaDevWallet(await createSolanaDevWallet())
  const kernel = createKernel({ projectId: 'conformance', plugins: [solana({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: 'http://127.0.0.1:8899' } })] })
  await kernel.ready
  await vi.waitFor(() => {
    if (!kernel.getConnector(SOLANA_DEV_WALLET_CONNECTOR_ID)) throw new Error('not listed yet')
  })
  return {
    connector: kernel.getConnector(SOLANA_DEV_WALLET_CONNECTOR_ID)!,
    teardown: () => {
      kernel.destroy()
      stop()
    },
  }
})

describePlugin(() => solana(), { packageJson })
