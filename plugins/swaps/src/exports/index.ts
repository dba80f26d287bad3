export { default, offersSwaps, swaps, swapsFeature } from '../plugin.js'
export { initialSwapsState, selectSwaps, swapsActions, swapsSlice, type SwapQuote, type SwapsState } from '../slice.js'
export { decimalToUnits, formatAmount, minimumReceived, parseAmount, priceImpact, unitsToDecimal, type AmountProblem } from '../amounts.js'
export { createSwapsApi, fromApiToken, InvalidSwapResponseError, type SwapsApi } from '../api.js'
export { isSwapNetwork, LOCAL_SWAP_CHAIN_IDS } from '../networks.js'
export { addressOf, fromBalance, isNativeToken, mergeTokens, nativeAddress, sameToken, searchTokens, type SwapTokenItem } from '../tokens.js'
export {
  approveSwap,
  checkAllowance,
  loadSwapTokens,
  receiptStatus,
  refreshAfterSwap,
  refreshQuote,
  submitSwap,
  SWAP_GAS_ESTIMATE,
  swapForm,
  swapKey,
  swapTarget,
  type SwapsKernel,
} from '../flow.js'
export { swapsMessages } from '../messages.js'
