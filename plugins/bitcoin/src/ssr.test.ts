// @vitest-environment node
/// <reference types="vite/client" />
import { describeSsrSafety } from '@portico/tests/ssr'
import { createKernel } from '@portico/kernel'
import { expect, it } from 'vitest'
import bitcoin from './plugin.js'

describeSsrSafety(import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}']))

it('behavior: on a server the plugin registers the adapter and looks for no wallet', async () => {
  const kernel = createKernel({ projectId: 'ssr', plugins: [bitcoin()] })
  await kernel.ready
  expect(kernel.getState().plugins.byName.bitcoin?.status).toBe('ready')
  expect(kernel.getAdapter('bip122')?.networks.map((n) => n.caipNetworkId)).toEqual([
    'bip122:000000000019d6689c085ae165831e93',
    'bip122:000000000933ea01ad0ee984209779ba',
    'bip122:00000008819873e925422c1ff0f99f7c',
    'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  ])
  expect(kernel.getState().connectors.list).toEqual([])
  kernel.destroy()
})
