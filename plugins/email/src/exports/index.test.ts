import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "UPDATE_EMAIL_ENTRY",
      "accountEmailChanged",
      "default",
      "email",
      "emailConnectMethod",
      "emailMessages",
      "emailSlice",
      "selectAuthEmail",
    ]
  `)
})
