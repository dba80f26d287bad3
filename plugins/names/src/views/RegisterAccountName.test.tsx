import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { createTestKernel, withKernel } from '@portico/tests/react'
import { json, startServer } from '@portico/tests/servers'
import { names } from '../plugin.js'
import { signingWalletPlugin } from '../testing/authWallet.js'

const TAKEN = new Set(['taken.portico.id'])
const lookup = (name: string) => ({ name, registered_at: 'x', updated_at: 'x', addresses: {}, attributes: {} })

let cleanup: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c()
})

/** The modal on the Account view of a wallet of `type`, against a scripted name service. */
async function setup(type: 'AUTH' | 'ANNOUNCED' = 'AUTH', register: [number, unknown] = [200, lookup('fresh.portico.id')]) {
  const server = await startServer(async (req, url, res) => {
    const [, , , kind, name] = url.pathname.split('/')
    if (kind === 'account' && req.method === 'GET') return json(res, 200, TAKEN.has(name!) ? lookup(name!) : [])
    if (kind === 'suggestions') {
      const label = name!
      return json(res, 200, {
        suggestions: [
          { name: `${label}.portico.id`, registered: TAKEN.has(`${label}.portico.id`) },
          { name: `${label}1.portico.id`, registered: false },
          { name: `${label}2.portico.id`, registered: true },
        ],
      })
    }
    if (kind === 'account' && req.method === 'POST') return json(res, register[0], register[1])
    json(res, 404, {})
  })
  const wallet = signingWalletPlugin({ type })
  const kernel: Kernel = createTestKernel({ endpoints: { api: server.url }, plugins: [account(), names(), wallet.plugin] })
  cleanup.push(() => kernel.destroy(), () => server.close())
  await kernel.ready
  await kernel.connect(wallet.connectorId)
  render(withKernel(kernel))
  await act(() => kernel.open('Account'))
  await screen.findByTestId('view-Account')
  return { kernel, server, wallet }
}

const type = (value: string) => act(async () => fireEvent.change(screen.getByTestId('register-name-input'), { target: { value } }))
const status = () => screen.getByTestId('register-name-status')

describe('RegisterAccountName', { timeout: 20_000 }, () => {
  it('behavior: the Account view of the auth connector offers "Choose a name", which opens the form', async () => {
    await setup()
    await act(async () => fireEvent.click(await screen.findByTestId('account-register-name', {}, { timeout: 5000 })))
    await screen.findByTestId('view-RegisterAccountName')
    expect(screen.getByTestId('header-title').textContent).toBe('Choose a name')
    expect(screen.getByLabelText('Name')).toBe(screen.getByTestId('register-name-input'))
  })

  it('behavior: checks the name as it is typed, lowercase, with the SPEC rules', async () => {
    const { kernel } = await setup()
    await act(() => kernel.router.push('RegisterAccountName'))
    await screen.findByTestId('view-RegisterAccountName')
    await type('abc')
    expect(status().dataset.state).toBe('invalid')
    expect(status().textContent).toContain('Use at least 4 characters.')
    expect(screen.getByTestId('register-name-input').getAttribute('aria-invalid')).toBe('true')
    expect((screen.getByTestId('register-name-submit') as HTMLButtonElement).disabled).toBe(true)
    await type('ab_c')
    expect(status().textContent).toContain('Use only letters, digits and hyphens.')
    await type('Fresh')
    expect((screen.getByTestId('register-name-input') as HTMLInputElement).value).toBe('fresh')
    await waitFor(() => expect(status().dataset.state).toBe('available'))
    expect(status().textContent).toContain('fresh.portico.id is available')
    expect((screen.getByTestId('register-name-submit') as HTMLButtonElement).disabled).toBe(false)
  })

  it('behavior: a taken name is refused and free suggestions are offered; one fills the field', async () => {
    const { kernel, server } = await setup()
    await act(() => kernel.router.push('RegisterAccountName'))
    await screen.findByTestId('view-RegisterAccountName')
    await type('t')
    await type('ta')
    await type('tak')
    await type('taken')
    await waitFor(() => expect(status().dataset.state).toBe('taken'))
    expect(status().textContent).toContain('taken.portico.id is taken.')
    expect((screen.getByTestId('register-name-submit') as HTMLButtonElement).disabled).toBe(true)
    const list = await screen.findByTestId('register-name-suggestions')
    // only free names, not the typed one
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual(['register-name-suggestion-taken1.portico.id'])
    expect(within(list).getByRole('button', { name: 'Use taken1.portico.id' })).toBeTruthy()
    // debounced: the quick keystrokes before "taken" asked nothing
    expect(server.requests.filter((r) => r.pathname.includes('/suggestions/')).map((r) => r.pathname)).toEqual(['/v1/profile/suggestions/taken'])
    expect(server.requests.find((r) => r.pathname.includes('/suggestions/'))?.searchParams.get('zone')).toBe('portico.id')
    await act(async () => fireEvent.click(screen.getByTestId('register-name-suggestion-taken1.portico.id')))
    expect((screen.getByTestId('register-name-input') as HTMLInputElement).value).toBe('taken1')
    await waitFor(() => expect(status().dataset.state).toBe('available'))
  })

  it('behavior: registering shows the success view with no back button, then the name; Back to account shows it', async () => {
    const { kernel, wallet } = await setup()
    await act(() => kernel.router.push('RegisterAccountName'))
    await screen.findByTestId('view-RegisterAccountName')
    await type('fresh')
    await waitFor(() => expect(status().dataset.state).toBe('available'))
    wallet.state.mode = 'hold'
    await act(async () => fireEvent.submit(screen.getByTestId('view-RegisterAccountName')))
    // while the account signs: what is awaited, and no way back
    const pending = await screen.findByTestId('view-RegisterAccountNameSuccess')
    expect(pending.dataset.step).toBe('signing')
    expect(pending.textContent).toContain('Approve the signature that proves this wallet owns the name')
    await waitFor(() => expect(screen.getByTestId('header-title').textContent).toBe('Registering your name'))
    expect(screen.queryByTestId('header-back')).toBeNull()
    await act(async () => wallet.state.release())
    await waitFor(() => expect(screen.getByTestId('register-name-registered').textContent).toBe('fresh.portico.id is yours'))
    expect(screen.getByTestId('header-title').textContent).toBe('Name registered')
    expect(screen.queryByTestId('header-back')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('register-name-done')))
    await screen.findByTestId('view-Account')
    expect(screen.getByTestId('account-address').textContent).toContain('fresh.portico.id')
    // one name per address: the row is gone
    expect(screen.queryByTestId('account-register-name')).toBeNull()
  })

  it("error: a refused registration shows the form again with the service's reason and the typed name", async () => {
    const { kernel } = await setup('AUTH', [409, { code: 'VALIDATION_ERROR', reasons: [{ name: 'name', description: 'The name fresh.portico.id is taken.' }] }])
    await act(() => kernel.router.push('RegisterAccountName'))
    await screen.findByTestId('view-RegisterAccountName')
    await type('fresh')
    await waitFor(() => expect(status().dataset.state).toBe('available'))
    await act(async () => fireEvent.submit(screen.getByTestId('view-RegisterAccountName')))
    const error = await screen.findByTestId('register-name-error')
    expect(error.textContent).toBe('The name fresh.portico.id is taken.')
    expect(error.getAttribute('role')).toBe('alert')
    expect((screen.getByTestId('register-name-input') as HTMLInputElement).value).toBe('fresh')
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account', 'RegisterAccountName'])
    // typing again clears it
    await type('fresh2')
    expect(screen.queryByTestId('register-name-error')).toBeNull()
  })

  it('error: another wallet gets no row, and the view says "Address or auth connector not found"', async () => {
    const { kernel } = await setup('ANNOUNCED')
    expect(screen.queryByTestId('account-register-name')).toBeNull()
    await act(() => kernel.router.push('RegisterAccountName'))
    const refused = await screen.findByTestId('register-name-refused')
    expect(refused.textContent).toContain('Address or auth connector not found')
    expect(screen.queryByTestId('register-name-input')).toBeNull()
  })
})
