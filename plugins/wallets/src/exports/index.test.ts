import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "GetWalletsResponseSchema",
      "WalletListingSchema",
      "buildWalletEntries",
      "chainsOf",
      "createRegistryWalletItemsSelector",
      "default",
      "getWallets",
      "hasMorePages",
      "initialWalletsState",
      "listingEntry",
      "loadImages",
      "loadNextPage",
      "loadTopWallets",
      "matchConnector",
      "prefetchImages",
      "registryWalletItems",
      "resolveWalletsConfig",
      "searchWallets",
      "selectWallets",
      "walletDestination",
      "wallets",
      "walletsMessages",
      "walletsSlice",
    ]
  `)
})
