import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_PROVIDERS",
      "FALLBACK_ONRAMP_OPTIONS",
      "InvalidOnrampResponseError",
      "ONRAMP_NETWORKS",
      "PAYMENT_METHOD",
      "PLACEHOLDER_QUOTE_ID",
      "checkAmount",
      "createOnrampApi",
      "currentLimits",
      "default",
      "followCheckout",
      "initialOnrampState",
      "isPlaceholderQuote",
      "loadOnramp",
      "methodLimits",
      "offersOnramp",
      "onramp",
      "onrampActions",
      "onrampFeature",
      "onrampMessages",
      "onrampNetwork",
      "onrampSlice",
      "onrampTarget",
      "placeholderQuote",
      "purchaseCurrencies",
      "quoteInput",
      "refreshAfterPurchase",
      "refreshQuote",
      "selectOnramp",
      "startCheckout",
    ]
  `)
})
