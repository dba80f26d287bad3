import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "createPorticoEip1193Provider",
      "createPorticoWagmiConfig",
      "getActiveEip1193Provider",
      "porticoConnector",
      "readEip155Connection",
      "watchEip155Connection",
    ]
  `)
})
