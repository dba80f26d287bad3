/**
 * The registration flow and the form's lookups against the real reference api (in process, PGlite), whose name
 * service verifies each signature on a real anvil chain: what the plugin sends is what the service accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { startAnvil, type Anvil } from '@portico/tests/anvil'
import { createTestKernel } from '@portico/tests/react'
import { startApi } from '@portico/tests/servers'
import { lookupName, nameSuggestions } from './api.js'
import { registerAccountName } from './flow.js'
import { names } from './plugin.js'
import { selectNames } from './slice.js'
import { signingWalletPlugin } from './testing/authWallet.js'

let chain: Anvil
let api: Awaited<ReturnType<typeof startApi>>
const kernels: Kernel[] = []

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
  api = await startApi({ chains: [{ chainId: 31337, rpcUrl: chain.url, name: 'Anvil' }] })
}, 60_000)

afterAll(async () => {
  kernels.forEach((k) => k.destroy())
  await api?.close()
  await chain?.stop()
})

/** A kernel whose auth connector holds a fresh key, on the Account view's registration form. */
async function visitor() {
  const wallet = signingWalletPlugin()
  const kernel = createTestKernel({ projectId: 'portico-dev', endpoints: { api: api.url }, plugins: [account(), names(), wallet.plugin] })
  kernels.push(kernel)
  await kernel.ready
  await kernel.connect('auth')
  await kernel.open('Account')
  kernel.router.push('RegisterAccountName')
  return { kernel, wallet }
}

describe('names against the reference api', { timeout: 30_000 }, () => {
  it('behavior: registers a name the service then resolves to the account; a second account is refused with the service reason', async () => {
    const first = await visitor()
    expect(await lookupName(first.kernel.http, 'alice-real.portico.id')).toEqual({ registered: false })
    expect(await registerAccountName(first.kernel, 'alice-real')).toBe('alice-real.portico.id')
    const found = await lookupName(first.kernel.http, 'alice-real.portico.id')
    expect(found.registered).toBe(true)
    if (found.registered) expect(Object.values(found.lookup.addresses).map((a) => a.address.toLowerCase())).toEqual([first.wallet.account.address.toLowerCase()])
    expect(first.kernel.getState().chains.accounts.eip155?.profileName).toBe('alice-real.portico.id')

    // the name is taken now: suggestions are free alternatives, and a second account cannot have it
    const suggestions = await nameSuggestions(first.kernel.http, 'alice-real', selectNames(first.kernel.getState()).zone)
    expect(suggestions.length).toBeGreaterThan(0)
    expect(suggestions.map((s) => s.name)).not.toContain('alice-real.portico.id')
    const second = await visitor()
    const refusal = await registerAccountName(second.kernel, 'alice-real').catch((e: Error) => e)
    expect(refusal).toBeInstanceOf(Error)
    const error = selectNames(second.kernel.getState()).error
    // the service's own reason, not the generic fallback
    expect(error?.key).toBeUndefined()
    expect(error?.message).toBe((refusal as Error & { shortMessage: string }).shortMessage)
    expect(error?.message).toMatch(/alice-real/)
    expect(second.kernel.getState().chains.accounts.eip155?.profileName).toBeFalsy()
  })
})
