import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton, profileReported, type Kernel } from '@portico/kernel'
import { createTestKernel, scriptedWalletPlugin, TEST_ADDRESS, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import { account } from './plugin.js'
import { IdentityResponseSchema } from '@portico/contracts/api'
import { IDENTITY_CACHE_MS, IdentityCache, IdentitySchema } from './profile.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

/** The api's identity endpoint, answering `identity` and counting the calls; other calls fail. */
function identityApi(identity: { name: string | null; avatar: string | null }) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input)
      if (!url.includes('/v1/identity/')) return new Response('{}', { status: 404 })
      calls.push(url)
      return new Response(JSON.stringify(identity), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  return calls
}

async function connected() {
  const wallet = scriptedWalletPlugin()
  const kernel = createTestKernel({ endpoints: { api: 'http://api.test' }, plugins: [account(), viewsPlugin({ Connect: testView('Connect') }), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  await kernel.connect('test-wallet')
  return kernel
}

describe('profile name and avatar of the account', () => {
  it('behavior: connecting looks the address up; the Account header and the connect button show the name and avatar', async () => {
    const calls = identityApi({ name: 'alice.portico.id', avatar: 'https://example.com/a.png' })
    const kernel = await connected()
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.profileName).toBe('alice.portico.id'))
    expect(kernel.getState().chains.accounts.eip155?.profileImage).toBe('https://example.com/a.png')
    expect(calls).toHaveLength(1)
    expect(calls[0]).toContain(`/v1/identity/${TEST_ADDRESS}`)

    render(withKernel(kernel, <ConnectButton />))
    expect((await screen.findByTestId('connect-button')).textContent).toContain('alice.portico.id')
    await act(() => kernel.open('Account'))
    expect((await screen.findByTestId('view-Account')).textContent).toContain('alice.portico.id')
  })

  it('behavior: an address without a name keeps showing the address; a failing api changes nothing', async () => {
    identityApi({ name: null, avatar: null })
    const kernel = await connected()
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.profileName).toBeNull())

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const other = await connected()
    await new Promise((r) => setTimeout(r, 20))
    expect(other.getState().chains.accounts.eip155?.profileName).toBeUndefined()
  })

  it('behavior: a name reported by a registration is kept, so the next lookup of the address does not undo it', async () => {
    const calls = identityApi({ name: null, avatar: null })
    const kernel = await connected()
    await waitFor(() => expect(calls).toHaveLength(1))
    kernel.store.dispatch(profileReported({ namespace: 'eip155', name: 'fresh.portico.id', image: null }))
    await kernel.disconnect()
    await kernel.connect('test-wallet')
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.status).toBe('connected'))
    await new Promise((r) => setTimeout(r, 20))
    expect(kernel.getState().chains.accounts.eip155?.profileName).toBe('fresh.portico.id')
    expect(calls).toHaveLength(1)
  })
})

describe('IdentitySchema', () => {
  it('accepts and refuses what the contracts\' IdentityResponseSchema does', () => {
    const cases = [
      { name: 'alice.portico.id', avatar: null },
      { name: null, avatar: null },
      { name: 'bob.portico.id', avatar: 'https://example.com/a.png' },
      { name: 1, avatar: null },
      { avatar: null },
      null,
    ]
    for (const value of cases) expect(IdentitySchema.safeParse(value).success, JSON.stringify(value)).toBe(IdentityResponseSchema.safeParse(value).success)
  })
})

describe('IdentityCache', () => {
  it('behavior: keeps an identity five minutes, by address in any case', () => {
    let now = 1_000
    const cache = new IdentityCache(() => now)
    cache.set('0xABCDEF0000000000000000000000000000000001', { name: 'abcd.portico.id', avatar: null })
    expect(cache.get('0xabcdef0000000000000000000000000000000001')?.name).toBe('abcd.portico.id')
    now += IDENTITY_CACHE_MS - 1
    expect(cache.get('0xabcdef0000000000000000000000000000000001')).toBeDefined()
    now += 1
    expect(cache.get('0xabcdef0000000000000000000000000000000001')).toBeUndefined()
  })
})
