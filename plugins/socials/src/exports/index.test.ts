import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "POPUP_TIMEOUT_MS",
      "PROVIDER_NAMES",
      "PopupWaitError",
      "SOCIAL_PROVIDERS",
      "default",
      "openSocialPopup",
      "resolveProviders",
      "socialConnectMethod",
      "socials",
      "socialsMessages",
      "socialsSlice",
      "takeResultUri",
      "waitForPopupResult",
    ]
  `)
})
