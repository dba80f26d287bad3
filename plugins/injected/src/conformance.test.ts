import { describeConnector, describePlugin } from '@portico/tests/conformance'
import { announceDevWallet, createDevWallet, DEV_WALLET_INFO } from '@portico/tests/wallets/evm'
import packageJson from '../package.json' with { type: 'json' }
import { createAnnouncedConnector, createInjectedConnector } from './connectors.js'
import injected from './plugin.js'

// eth_chainId is answered by the wallet itself, so no chain is needed here
describeConnector('announced (EIP-6963) dev wallet', () => ({
  connector: createAnnouncedConnector({ ...DEV_WALLET_INFO, uuid: '6f0f7d3e-4b1c-4a7e-9d55-0d1f3c2b1a00' }, createDevWallet()),
}))

describeConnector('window.ethereum', () => ({ connector: createInjectedConnector(Object.assign(createDevWallet(), { isMetaMask: true })) }))

describeConnector('announced dev wallet, as the plugin registers it', async () => {
  const { createKernel } = await import('@portico/kernel')
  const stop = announceDevWallet(createDevWallet())
  const kernel = createKernel({ projectId: 'conformance', plugins: [injected()] })
  await kernel.ready
  return {
    connector: kernel.getConnector('dev.portico.wallet')!,
    teardown: () => {
      kernel.destroy()
      stop()
    },
  }
})

describePlugin(() => injected(), { packageJson })
