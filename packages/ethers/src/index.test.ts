import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "NotConnectedError",
      "getPorticoBrowserProvider",
      "getPorticoSigner",
      "readEip155Connection",
      "watchPorticoEthers",
    ]
  `)
})
