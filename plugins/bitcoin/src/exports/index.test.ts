import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "BITCOIN_CAPABILITIES",
      "BitcoinError",
      "BitcoinOptionsSchema",
      "InvalidBitcoinOptionsError",
      "SatsConnectInfoSchema",
      "UnsupportedNamespaceError",
      "UserRejectedError",
      "addressFitsNetwork",
      "addressNetworkKind",
      "bitcoin",
      "bitcoinMainnet",
      "bitcoinMessages",
      "bitcoinNetworks",
      "bitcoinRegtest",
      "bitcoinSignet",
      "bitcoinTestnet",
      "configuredBitcoinNetworks",
      "createBitcoinAdapter",
      "createSatsConnectConnector",
      "default",
      "defineBitcoinNetwork",
      "discoverBitcoinWallets",
      "englishText",
      "isBitcoinRpcProvider",
      "isRejection",
      "isSatsConnectProvider",
      "messageProtocolOf",
      "parseBitcoinOptions",
      "satsConnectConnectorId",
      "toBitcoinError",
      "walletNetworkOf",
      "withRpcUrls",
    ]
  `)
})
