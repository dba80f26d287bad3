import type { IncomingMessage } from 'node:http'
import { verifyMessage, type Hex } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { createTestKernel } from '@portico/tests/react'
import { json, startServer } from '@portico/tests/servers'
import { names } from './plugin.js'
import { registerAccountName } from './flow.js'
import { selectNames } from './slice.js'
import { signingWalletPlugin } from './testing/authWallet.js'

const readBody = async (req: IncomingMessage) => {
  let text = ''
  for await (const chunk of req) text += chunk
  return JSON.parse(text) as Record<string, unknown>
}

const lookup = (name: string, address: string) => ({
  name,
  registered_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
  addresses: { '2147514985': { address, created: '2026-11-24T00:00:00Z' } },
  attributes: {},
})

let cleanup: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c()
})

/** A kernel with the names plugin against a scripted name service, connected through a wallet of `type`. */
async function setup(type: 'AUTH' | 'ANNOUNCED' = 'AUTH', reply: (body: Record<string, unknown>) => [number, unknown] = (b) => [200, lookup('x', String(b.address))]) {
  const posted: Record<string, unknown>[] = []
  const server = await startServer(async (req, url, res) => {
    if (req.method === 'POST' && url.pathname === '/v1/profile/account') {
      const body = await readBody(req)
      posted.push(body)
      const [status, answer] = reply(body)
      return json(res, status, answer)
    }
    json(res, 404, { message: 'not found' })
  })
  const wallet = signingWalletPlugin({ type })
  const kernel: Kernel = createTestKernel({ endpoints: { api: server.url }, plugins: [account(), names(), wallet.plugin] })
  cleanup.push(() => kernel.destroy(), () => server.close())
  await kernel.ready
  await kernel.connect(wallet.connectorId)
  await kernel.open('Account')
  kernel.router.push('RegisterAccountName')
  return { kernel, wallet, posted, server }
}

const views = (kernel: Kernel) => kernel.getState().router.history.map((h) => h.view)

describe('registerAccountName', { timeout: 15_000 }, () => {
  it('behavior: signs the SPEC message through the auth connector, registers it, stores the profile name and leaves the success view alone', async () => {
    const { kernel, wallet, posted } = await setup('AUTH', (b) => [200, lookup('alice.portico.id', String(b.address))])
    wallet.state.mode = 'hold'
    const before = Math.floor(Date.now() / 1000)
    const done = registerAccountName(kernel, 'alice')
    // loading, and the success view pushed while the wallet signs
    await Promise.resolve()
    expect(selectNames(kernel.getState())).toMatchObject({ loading: true, step: 'signing', name: 'alice.portico.id' })
    expect(views(kernel)).toEqual(['Account', 'RegisterAccountName', 'RegisterAccountNameSuccess'])
    wallet.state.release()
    expect(await done).toBe('alice.portico.id')

    expect(posted).toHaveLength(1)
    const body = posted[0]!
    expect(body.address).toBe(wallet.account.address)
    expect(body.coin_type).toBe((31337 | 0x80000000) >>> 0)
    const message = JSON.parse(String(body.message))
    expect(message).toEqual({ name: 'alice.portico.id', attributes: {}, timestamp: expect.any(Number) })
    expect(message.timestamp).toBeGreaterThanOrEqual(before)
    expect(message.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    expect(await verifyMessage({ address: wallet.account.address, message: String(body.message), signature: body.signature as Hex })).toBe(true)

    expect(kernel.getState().chains.accounts.eip155?.profileName).toBe('alice.portico.id')
    expect(views(kernel)).toEqual(['RegisterAccountNameSuccess'])
    expect(selectNames(kernel.getState())).toMatchObject({ loading: false, step: 'registered', name: 'alice.portico.id' })
  })

  it("error: the service's first reason is shown on the form again and thrown", async () => {
    const { kernel } = await setup('AUTH', () => [409, { code: 'VALIDATION_ERROR', message: 'Conflict', reasons: [{ name: 'name', description: 'The name alice.portico.id is taken.' }] }])
    await expect(registerAccountName(kernel, 'alice')).rejects.toThrow('The name alice.portico.id is taken.')
    expect(views(kernel)).toEqual(['Account', 'RegisterAccountName'])
    expect(selectNames(kernel.getState())).toMatchObject({ loading: false, step: 'idle', error: { message: 'The name alice.portico.id is taken.' } })
    expect(kernel.getState().chains.accounts.eip155?.profileName).toBeFalsy()
  })

  it('error: without a reason the error is "Error registering name {name}"', async () => {
    const { kernel } = await setup('AUTH', () => [500, 'boom'])
    await expect(registerAccountName(kernel, 'alice')).rejects.toThrow('Error registering name alice.portico.id')
    expect(selectNames(kernel.getState()).error).toEqual({ message: 'Error registering name alice.portico.id', key: 'names.error.register', params: { name: 'alice.portico.id' } })
    expect(views(kernel)).toEqual(['Account', 'RegisterAccountName'])
  })

  it('error: a declined signature registers nothing and shows the form again', async () => {
    const { kernel, wallet, posted } = await setup()
    wallet.state.mode = 'reject'
    await expect(registerAccountName(kernel, 'alice')).rejects.toThrow('Error registering name alice.portico.id')
    expect(posted).toEqual([])
    expect(views(kernel)).toEqual(['Account', 'RegisterAccountName'])
  })

  it('error: a wallet that is not the auth connector is refused with "Address or auth connector not found"', async () => {
    const { kernel, posted } = await setup('ANNOUNCED')
    await expect(registerAccountName(kernel, 'alice')).rejects.toThrow('Address or auth connector not found')
    expect(posted).toEqual([])
    expect(views(kernel)).toEqual(['Account', 'RegisterAccountName'])
  })

  it('error: without an active eip155 network it is "Network not found"', async () => {
    const kernel = createTestKernel({ networks: [], plugins: [account(), names()] })
    cleanup.push(() => kernel.destroy())
    await kernel.ready
    await expect(registerAccountName(kernel, 'alice')).rejects.toThrow('Network not found')
  })

  it('behavior: closing the modal on the pending success view clears loading and leaves the views alone', async () => {
    const { kernel, wallet } = await setup()
    wallet.state.mode = 'hold'
    const done = registerAccountName(kernel, 'alice')
    await Promise.resolve()
    expect(selectNames(kernel.getState()).loading).toBe(true)
    kernel.close()
    expect(selectNames(kernel.getState()).loading).toBe(false)
    wallet.state.mode = 'reject'
    wallet.state.release()
    await done.catch(() => {})
    expect(kernel.getState().modal.open).toBe(false)
  })
})
