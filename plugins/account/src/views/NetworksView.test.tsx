import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { anvil, anvil2, createTestKernel, scriptedWalletPlugin, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import { account } from '../plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

async function setup(chainId = 31337, options: Parameters<typeof createTestKernel>[0] = {}) {
  const wallet = scriptedWalletPlugin({ chainId })
  const kernel = createTestKernel({
    networks: [{ ...anvil, assets: { imageUrl: 'https://img.test/anvil.png' } }, { ...anvil2, testnet: true }],
    ...options,
    plugins: [account(), viewsPlugin({ Connect: testView('Connect') }), wallet.plugin],
  })
  kernels.push(kernel)
  await kernel.ready
  render(withKernel(kernel))
  await kernel.connect('test-wallet')
  return { kernel, wallet: wallet.wallet }
}

describe('Networks view', () => {
  it('behavior: lists the networks with icons, the active one marked', async () => {
    const { kernel } = await setup()
    await act(() => kernel.open('Account'))
    act(() => kernel.router.push('Networks'))
    const view = await screen.findByTestId('view-Networks')
    const first = within(view).getByTestId('network-eip155:31337')
    const second = within(view).getByTestId('network-eip155:31338')
    expect(first.getAttribute('aria-current')).toBe('true')
    expect(second.getAttribute('aria-current')).toBeNull()
    expect(first.querySelector('img')?.getAttribute('src')).toBe('https://img.test/anvil.png')
    // no image: a monogram stands in (decorative: the name beside it labels the row)
    expect(second.querySelector('[data-monogram]')?.textContent).toBe('AT')
    expect(within(view).getByRole('button', { name: /^Anvil Two/ })).toBe(second)
    expect(second.textContent).toContain('testnet')
    expect(screen.getByTestId('header-title').textContent).toBe('Choose network')
  })

  it('behavior: choosing a network switches the wallet to it and goes back to Account', async () => {
    const { kernel, wallet } = await setup()
    await act(() => kernel.open('Account'))
    act(() => kernel.router.push('Networks'))
    const view = await screen.findByTestId('view-Networks')
    await act(async () => fireEvent.click(within(view).getByTestId('network-eip155:31338')))
    expect(wallet.calls).toContain('switch:eip155:31338')
    await waitFor(() => expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Account']))
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31338')
    expect(await screen.findByTestId('header-title')).toHaveProperty('textContent', 'Anvil Two')
  })

  it('error: a declined switch keeps the list, toasts why, and lets the visitor try again', async () => {
    const { kernel, wallet } = await setup()
    await act(() => kernel.open('Account'))
    act(() => kernel.router.push('Networks'))
    const view = await screen.findByTestId('view-Networks')
    wallet.mode = 'reject'
    const target = within(view).getByTestId('network-eip155:31338') as HTMLButtonElement
    await act(async () => fireEvent.click(target))
    expect((await screen.findByTestId('toast')).getAttribute('data-variant')).toBe('error')
    expect(kernel.getState().router.history.at(-1)?.view).toBe('Networks')
    expect(kernel.getState().chains.activeCaipNetworkId).toBe('eip155:31337')
    await waitFor(() => expect(target.disabled).toBe(false))
  })
})

describe('Networks view: icons from the asset image registry', () => {
  /** An api that has an image for `known` image ids only; the blob URLs it gives name the id. */
  function stubApi(known: string[]) {
    const requests: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        requests.push(String(input))
        const id = decodeURIComponent(new URL(String(input)).pathname.split('/').pop()!)
        return known.includes(id) ? new Response('<svg/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } }) : new Response('', { status: 404 })
      }),
    )
    let n = 0
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => `blob:network-${++n}`, revokeObjectURL: () => {} }))
    return requests
  }

  async function openNetworks(networks: Parameters<typeof createTestKernel>[0]['networks']) {
    const { kernel } = await setup(31337, { networks, endpoints: { api: 'http://api.test' } })
    await act(() => kernel.open('Account'))
    act(() => kernel.router.push('Networks'))
    return screen.findByTestId('view-Networks')
  }

  it("behavior: a network with an image id shows the api's image for it; one the api has no image for keeps its monogram", async () => {
    const requests = stubApi(['anvil'])
    const view = await openNetworks([
      { ...anvil, assets: { imageId: 'anvil' } },
      { ...anvil2, assets: { imageId: 'unknown-chain' } },
    ])
    const first = within(view).getByTestId('network-eip155:31337')
    await waitFor(() => expect(first.querySelector('img')?.getAttribute('src')).toMatch(/^blob:network-/))
    expect(first.querySelector('[data-monogram]')).toBeNull()
    expect(requests.some((r) => r.startsWith('http://api.test/public/getAssetImage/anvil?'))).toBe(true)
    await waitFor(() => expect(requests.some((r) => r.includes('/public/getAssetImage/unknown-chain?'))).toBe(true))
    const second = within(view).getByTestId('network-eip155:31338')
    expect(second.querySelector('img')).toBeNull()
    expect(second.querySelector('[data-monogram]')?.textContent).toBe('AT')
  })

  it("behavior: a network's own image URL wins and asks the api nothing", async () => {
    const requests = stubApi(['anvil'])
    const view = await openNetworks([{ ...anvil, assets: { imageId: 'anvil', imageUrl: 'https://img.test/anvil.png' } }, anvil2])
    expect(within(view).getByTestId('network-eip155:31337').querySelector('img')?.getAttribute('src')).toBe('https://img.test/anvil.png')
    expect(requests.filter((r) => r.includes('getAssetImage'))).toEqual([])
  })
})

describe('UnsupportedChain view', () => {
  it('behavior: explains the unsupported network, lists the supported ones and switching returns to Account', async () => {
    const { kernel, wallet } = await setup(999)
    const view = await screen.findByTestId('view-UnsupportedChain')
    expect(view.textContent).toContain("Your wallet is on a network this app doesn't support.")
    expect(within(view).getByTestId('unsupported-current').textContent).toContain('eip155:999')
    expect(within(view).getByTestId('network-eip155:31337')).toBeTruthy()
    expect(within(view).getByTestId('network-eip155:31338')).toBeTruthy()
    expect(within(view).getByTestId('account-disconnect')).toBeTruthy()
    expect(screen.getByTestId('header-title').textContent).toBe('Switch network')
    await act(async () => fireEvent.click(within(view).getByTestId('network-eip155:31337')))
    expect(wallet.calls).toContain('switch:eip155:31337')
    expect(await screen.findByTestId('view-Account')).toBeTruthy()
  })

  it('behavior: going back while UnsupportedChain is in the history closes the modal', async () => {
    const { kernel } = await setup(999)
    await screen.findByTestId('view-UnsupportedChain')
    act(() => kernel.router.push('Networks'))
    await screen.findByTestId('view-Networks')
    act(() => kernel.router.goBack())
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('behavior: Disconnect from UnsupportedChain leaves the wallet disconnected', async () => {
    const { kernel } = await setup(999)
    const view = await screen.findByTestId('view-UnsupportedChain')
    await act(async () => fireEvent.click(within(view).getByTestId('account-disconnect')))
    await waitFor(() => expect(kernel.getState().connection.status).toBe('disconnected'))
  })
})
