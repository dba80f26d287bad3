export { default, nfts, nftsDeps, nftsTab } from '../plugin.js'
export { initialNftsState, nftsSlice, selectNfts, type NftsEmptyReason, type NftsState } from '../slice.js'
export {
  loadMoreNfts,
  loadNfts,
  NFT_NAMESPACES,
  NFTS_REFRESH_MS,
  nftsKey,
  nftsTarget,
  nftTestId,
  type LoadNftsOptions,
  type NftsDeps,
  type NftsTarget,
} from '../nfts.js'
export { nftsMessages } from '../messages.js'
export { NftSchema, NftsResponseSchema, type Nft, type NftsResponse } from '../schemas.js'
