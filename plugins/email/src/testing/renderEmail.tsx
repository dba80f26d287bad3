/** Renders the modal on a real kernel with the connect, account and email plugins and a fake embedded wallet. */
import { act, render, screen } from '@testing-library/react'
import type { PluginDefinition, ViewId } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { connect } from '@portico/plugin-connect'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import { email } from '../plugin.js'
import { createFakeEmbeddedWallet, fakeAuthPlugin, type FakeEmbeddedWallet } from './fakeEmbeddedWallet.js'

const kernels: Kernel[] = []

/** Destroys the kernels the tests made (call in `afterEach`). */
export function destroyKernels() {
  kernels.splice(0).forEach((k) => k.destroy())
}

/**
 * A real kernel (eip155 adapter from the scripted test wallet), the fake wallet on a fake `auth` connector unless
 * `withAuth` is false, the modal rendered and opened on `view`.
 */
export async function renderEmail({ view = 'Connect', data, withAuth = true, plugins = [] }: { view?: ViewId; data?: unknown; withAuth?: boolean; plugins?: PluginDefinition[] } = {}) {
  const wallet: FakeEmbeddedWallet = createFakeEmbeddedWallet()
  const scripted = scriptedWalletPlugin()
  const kernel = createTestKernel({
    plugins: [connect(), account(), email(), scripted.plugin, ...(withAuth ? [fakeAuthPlugin(wallet)] : []), ...plugins],
    isMobile: () => false,
  })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await act(() => kernel.open(view, data))
  return { kernel, wallet, scripted }
}

/** The six digit inputs of the code view. */
export async function digitInputs(): Promise<HTMLInputElement[]> {
  const group = await screen.findByTestId('otp-input')
  return Array.from(group.querySelectorAll('input'))
}
