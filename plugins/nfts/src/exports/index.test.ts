import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "NFTS_REFRESH_MS",
      "NFT_NAMESPACES",
      "NftSchema",
      "NftsResponseSchema",
      "default",
      "initialNftsState",
      "loadMoreNfts",
      "loadNfts",
      "nftTestId",
      "nfts",
      "nftsDeps",
      "nftsKey",
      "nftsMessages",
      "nftsSlice",
      "nftsTab",
      "nftsTarget",
      "selectNfts",
    ]
  `)
})
