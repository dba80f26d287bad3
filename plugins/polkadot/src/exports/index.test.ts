import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "ACCOUNT_PICKER_VIEW",
      "InjectedExtensionSchema",
      "InvalidPolkadotOptionsError",
      "KNOWN_EXTENSION_NAMES",
      "POLKADOT_CAPABILITIES",
      "PolkadotError",
      "PolkadotOptionsSchema",
      "UnsupportedNamespaceError",
      "UserRejectedError",
      "chainInfoOf",
      "configuredPolkadotNetworks",
      "createInjectedConnector",
      "createLazyPolkadotAdapter",
      "createPolkadotAdapter",
      "default",
      "definePolkadotNetwork",
      "discoverPolkadotExtensions",
      "englishText",
      "injectedConnectorId",
      "isInjectedExtension",
      "isPolkadotRpcProvider",
      "isRejection",
      "kusama",
      "parsePolkadotOptions",
      "polkadot",
      "polkadotCaipNetworkId",
      "polkadotMainnet",
      "polkadotMessages",
      "polkadotNetworks",
      "ss58PrefixOf",
      "toPolkadotError",
      "westend",
      "withRpcUrls",
    ]
  `)
})
