import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "EIP6963_ANNOUNCE",
      "EIP6963_REQUEST",
      "Eip6963AnnounceDetailSchema",
      "Eip6963ProviderInfoSchema",
      "INJECTED_CONNECTOR_ID",
      "UnsupportedNamespaceError",
      "createAnnouncedConnector",
      "createInjectedConnector",
      "default",
      "injected",
      "injectedWalletName",
      "isEip1193Provider",
    ]
  `)
})
