import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "InvalidSwapResponseError",
      "LOCAL_SWAP_CHAIN_IDS",
      "SWAP_GAS_ESTIMATE",
      "addressOf",
      "approveSwap",
      "checkAllowance",
      "createSwapsApi",
      "decimalToUnits",
      "default",
      "formatAmount",
      "fromApiToken",
      "fromBalance",
      "initialSwapsState",
      "isNativeToken",
      "isSwapNetwork",
      "loadSwapTokens",
      "mergeTokens",
      "minimumReceived",
      "nativeAddress",
      "offersSwaps",
      "parseAmount",
      "priceImpact",
      "receiptStatus",
      "refreshAfterSwap",
      "refreshQuote",
      "sameToken",
      "searchTokens",
      "selectSwaps",
      "submitSwap",
      "swapForm",
      "swapKey",
      "swapTarget",
      "swaps",
      "swapsActions",
      "swapsFeature",
      "swapsMessages",
      "swapsSlice",
      "unitsToDecimal",
    ]
  `)
})
