import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "InvalidSolanaOptionsError",
      "SOLANA_CAPABILITIES",
      "SolanaError",
      "SolanaOptionsSchema",
      "UnsupportedNamespaceError",
      "UserRejectedError",
      "WalletStandardInfoSchema",
      "configuredSolanaNetworks",
      "createLazySolanaAdapter",
      "createSolanaAdapter",
      "createWalletStandardConnector",
      "default",
      "defineSolanaNetwork",
      "discoverSolanaWallets",
      "englishText",
      "isRejection",
      "isSolanaRpcProvider",
      "isSolanaStandardWallet",
      "parseSolanaOptions",
      "solana",
      "solanaDevnet",
      "solanaMainnet",
      "solanaMessages",
      "solanaNetworks",
      "solanaTestnet",
      "toSolanaError",
      "walletChainOf",
      "walletStandardConnectorId",
      "withRpcUrls",
    ]
  `)
})
