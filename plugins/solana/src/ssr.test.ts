// @vitest-environment node
/// <reference types="vite/client" />
import { describeSsrSafety } from '@portico/tests/ssr'
import { createKernel } from '@portico/kernel'
import { expect, it } from 'vitest'
import solana from './plugin.js'

describeSsrSafety(import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}']))

it('behavior: on a server the plugin registers the adapter and looks for no wallet', async () => {
  const kernel = createKernel({ projectId: 'ssr', plugins: [solana()] })
  await kernel.ready
  expect(kernel.getState().plugins.byName.solana?.status).toBe('ready')
  expect(kernel.getAdapter('solana')?.networks.map((n) => n.caipNetworkId)).toEqual([
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    'solana:EtWTRABZaYq6iMfeYKouRu7UQasdZ2VG',
  ])
  expect(kernel.getState().connectors.list).toEqual([])
  kernel.destroy()
})
