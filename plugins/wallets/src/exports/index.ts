export { default, resolveWalletsConfig, wallets, type WalletsParameters } from '../plugin.js'
export { initialWalletsState, selectWallets, walletsSlice, type LoadStatus, type WalletsConfig, type WalletsState } from '../slice.js'
export {
  chainsOf,
  getWallets,
  hasMorePages,
  loadImages,
  loadNextPage,
  loadTopWallets,
  prefetchImages,
  searchWallets,
  type WalletsDeps,
  type WalletsQuery,
} from '../registry.js'
export {
  buildWalletEntries,
  createRegistryWalletItemsSelector,
  listingEntry,
  matchConnector,
  registryWalletItems,
  walletDestination,
  type WalletEntry,
} from '../walletEntries.js'
export { walletsMessages } from '../messages.js'
export { GetWalletsResponseSchema, WalletListingSchema, type GetWalletsResponse, type WalletListing } from '../schemas.js'
