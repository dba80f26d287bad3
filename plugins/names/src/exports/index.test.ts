import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_NAME_SUFFIX",
      "NAMES_ERRORS",
      "NAME_MAX_LENGTH",
      "NAME_MIN_LENGTH",
      "NamesError",
      "REGISTER_NAME_ENTRY",
      "default",
      "fullName",
      "initialNamesState",
      "isAuthConnector",
      "lookupName",
      "nameProblem",
      "nameSuggestions",
      "names",
      "namesActions",
      "namesMessages",
      "namesOptions",
      "namesSlice",
      "normalizeName",
      "registerAccountName",
      "registerName",
      "registrant",
      "registrationMessage",
      "selectNames",
      "selectRegisterNameEntry",
      "serviceReason",
    ]
  `)
})
