import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_EXPIRES_IN_MS",
      "LEGACY_STORAGE_KEYS",
      "NoAccountError",
      "SIWX_VIEWS",
      "STORAGE_KEYS",
      "SessionRefusedError",
      "SiwxError",
      "SiwxNotEnabledError",
      "activeTarget",
      "checkSiwxOptions",
      "covers",
      "default",
      "defaultMessage",
      "formatSignInMessage",
      "getSiwx",
      "initialSiwxState",
      "isDeclined",
      "isSiwxEnabled",
      "legacySiweConfig",
      "localSiwx",
      "parseSignInMessage",
      "resolveConfig",
      "selectSiwx",
      "serverSiwx",
      "siwx",
      "siwxMessages",
      "siwxSlice",
    ]
  `)
})
