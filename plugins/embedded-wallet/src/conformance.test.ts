import { createMemoryStorage } from '@portico/kernel'
import { describeConnector, describePlugin } from '@portico/tests/conformance'
import packageJson from '../package.json' with { type: 'json' }
import { createAuthConnector } from './connector.js'
import { embeddedWallet } from './plugin.js'

describePlugin(() => embeddedWallet(), { packageJson, kernelOptions: { endpoints: { frame: 'http://frame.test' } } })

describeConnector('auth (embedded wallet)', () => {
  const connector = createAuthConnector({
    getState: () =>
      ({
        chains: { networks: [], activeCaipNetworkId: 'eip155:31337', accounts: {} },
        options: { endpoints: { frame: 'http://frame.test' }, projectId: 'p', debug: false, sdkVersion: 'x', metadata: undefined },
        theme: { themeMode: 'light', themeVariables: {} },
        modal: { open: false },
        router: { history: [] },
      }) as never,
    storage: createMemoryStorage(),
    notify: { alert: () => {}, toast: () => {} },
    modal: { open: async () => {}, close: () => {} },
    router: { push: () => {}, goBack: () => {} },
    t: (key) => key,
    log: { debug: () => {}, warn: () => {}, error: () => {} },
    namespaces: () => ['eip155'],
  })
  return { connector, teardown: () => connector.destroy() }
})
