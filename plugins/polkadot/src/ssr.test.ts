// @vitest-environment node
/// <reference types="vite/client" />
import { describeSsrSafety } from '@portico/tests/ssr'
import { createKernel } from '@portico/kernel'
import { expect, it } from 'vitest'
import polkadot from './plugin.js'

describeSsrSafety(import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./__fixtures__/**']))

it('behavior: on a server the plugin registers the adapter and looks for no extension', async () => {
  const kernel = createKernel({ projectId: 'ssr', plugins: [polkadot()] })
  await kernel.ready
  expect(kernel.getState().plugins.byName.polkadot?.status).toBe('ready')
  expect(kernel.getAdapter('polkadot')?.networks.map((n) => n.caipNetworkId)).toEqual([
    'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    'polkadot:b0a8d493285c2df73290dfb7e61f870f',
    'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  ])
  expect(kernel.getState().connectors.list).toEqual([])
  kernel.destroy()
})

it('error: invalid options name the option', async () => {
  const kernel = createKernel({ projectId: 'ssr', plugins: [polkadot({ rpcUrls: { 'polkadot:nothex': ['http://x'] } } as never)] })
  await kernel.ready
  expect(kernel.getState().plugins.byName.polkadot?.status).toBe('failed')
  kernel.destroy()
})
