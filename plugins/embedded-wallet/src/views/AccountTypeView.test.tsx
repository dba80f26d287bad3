import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '@portico/kernel'
import { evm } from '@portico/plugin-evm'
import { account } from '@portico/plugin-account'
import { withKernel } from '@portico/tests/react'
import { embeddedWalletOf } from '../api.js'
import { AUTH_CONNECTOR_ID } from '../constants.js'
import { embeddedWallet } from '../plugin.js'
import { FAKE_ADDRESS, FAKE_EMAIL, FAKE_SMART_ADDRESS, type FakeFrame } from '../testing/FakeFrame.js'
import { useEmbeddedWalletHarness } from '../testing/testKernel.js'

const harness = useEmbeddedWalletHarness()
let fake: FakeFrame
beforeEach(() => {
  fake = harness.fake()
})

async function setup(smartOn: number[]) {
  fake.smartAccountNetworks = smartOn
  const kernel = await harness.makeKernel({
    isMobile: () => false,
    networks: ['eip155:31337', 'eip155:31338'],
    storage: createMemoryStorage(),
    plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:1'], 31338: ['http://127.0.0.1:2'] } }), embeddedWallet(), account()],
  })
  const api = embeddedWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))!
  await api.connectEmail(FAKE_EMAIL)
  await api.connectOtp('123456')
  await kernel.connect(AUTH_CONNECTOR_ID)
  render(withKernel(kernel))
  await act(() => kernel.open('Account'))
  return { kernel, view: await screen.findByTestId('view-Account') }
}

describe('AccountType', () => {
  it('behavior: the Account view offers the switch; choosing the eoa switches, toasts and goes back to Account', async () => {
    const { kernel, view } = await setup([31337])
    expect(within(view).getByTestId('account-type').textContent).toBe('Smart account')
    const row = await within(view).findByTestId('account-account-type')
    expect(row.textContent).toContain('Switch to your EOA')
    fireEvent.click(row)
    const choice = await screen.findByTestId('view-AccountType')
    expect(screen.getByTestId('header-title').textContent).toBe('Account type')
    const smart = within(choice).getByTestId('account-type-smartAccount')
    expect(smart.getAttribute('aria-current')).toBe('true')
    expect(smart.textContent).toContain('In use')
    expect(within(choice).getByTestId('account-type-not-deployed').textContent).toBe('Your smart account is deployed with its first transaction.')
    fireEvent.click(within(choice).getByTestId('account-type-eoa'))
    await screen.findByTestId('view-Account')
    await waitFor(() => expect(kernel.getState().chains.accounts.eip155?.address).toBe(FAKE_ADDRESS))
    expect(kernel.getState().notifications.toast).toMatchObject({ message: 'Switched to your EOA', variant: 'success' })
    expect(fake.sent('SET_PREFERRED_ACCOUNT').at(-1)?.payload).toEqual({ type: 'eoa' })
    await waitFor(() => expect(screen.getByTestId('account-account-type').textContent).toContain('Switch to your smart account'))
    expect(FAKE_SMART_ADDRESS).not.toBe(FAKE_ADDRESS)
  })

  it('behavior: on a chain without smart accounts there is neither the switch nor the account-type tag', async () => {
    const { view } = await setup([])
    expect(within(view).queryByTestId('account-account-type')).toBeNull()
    expect(within(view).queryByTestId('account-type')).toBeNull()
  })
})
