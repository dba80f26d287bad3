import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { definePlugin } from '@portico/contracts/plugin'
import type { Kernel, KernelOptions } from '@portico/kernel'
import type { WalletListItem } from '@portico/plugin-connect'
import { createTestKernel, withKernel } from '@portico/tests/react'
import type { WalletConnectConnector } from '../connector.js'
import { walletConnect } from '../plugin.js'
import { pairingUriPublished, phaseChanged, selectWalletConnect } from '../slice.js'
import { qrMatrix } from './QrCode.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1735689840'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

let clipboard: { writeText: ReturnType<typeof vi.fn> }
beforeEach(() => {
  clipboard = { writeText: vi.fn(async () => {}) }
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
})

/** A kernel with the plugin whose `connect` is recorded instead of run: the tests play the connector's store updates. */
async function setup(options: KernelOptions = {}) {
  const kernel = createTestKernel({ plugins: [walletConnect({ logger: 'silent' })], isMobile: () => false, ...options })
  kernels.push(kernel)
  await kernel.ready
  const connect = vi.spyOn(kernel, 'connect').mockImplementation(() => new Promise(() => {}))
  const connector = kernel.getConnector('walletConnect') as WalletConnectConnector
  render(withKernel(kernel))
  return { kernel, connect, connector }
}

const showUri = (kernel: Kernel, uri = URI) =>
  act(() => {
    kernel.store.dispatch(pairingUriPublished({ uri, expiry: Date.now() + 4 * 60_000 }))
    kernel.store.dispatch(phaseChanged('pairing'))
  })

describe('ConnectingWalletConnect', () => {
  it('starts a connection on mount, shows a spinner until the URI arrives, then the QR code with the URI', async () => {
    const { kernel, connect } = await setup()
    await act(() => kernel.open('ConnectingWalletConnect'))
    const view = await screen.findByTestId('view-ConnectingWalletConnect')
    // the view starts the connection from an effect, which may run a moment after the view is in the DOM
    await waitFor(() => expect(connect).toHaveBeenCalledTimes(1))
    expect(connect).toHaveBeenCalledWith('walletConnect')
    expect(within(view).getByTestId('wc-qr-loading').textContent).toContain('Preparing your QR code')
    expect(within(view).queryByTestId('wc-qr')).toBeNull()
    expect((within(view).getByTestId('wc-copy') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('header-title').textContent).toBe('WalletConnect')

    await showUri(kernel)
    const qr = within(view).getByTestId('wc-qr')
    expect(qr.getAttribute('data-uri')).toBe(URI)
    expect(within(qr).getByRole('img', { name: /QR code/ }).querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(1000)
    expect(within(view).getByTestId('wc-expiry').textContent).toMatch(/New code in 3:[45]\d/)
    expect(within(view).getByText('Scan with your phone')).toBeTruthy()
  })

  it('copies the link and says so', async () => {
    const { kernel } = await setup()
    await act(() => kernel.open('ConnectingWalletConnect'))
    await screen.findByTestId('view-ConnectingWalletConnect')
    await showUri(kernel)
    fireEvent.click(screen.getByTestId('wc-copy'))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Link copied'))
    expect(clipboard.writeText).toHaveBeenCalledWith(URI)
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('success')
  })

  it('offers "Open in <wallet> app" with the deep link when the view data carries a registry listing', async () => {
    const { kernel } = await setup({ isMobile: () => true })
    const wallet = { id: 'trust', name: 'Trust Wallet', image_url: 'data:image/png;base64,AA==', mobile_link: 'trust://', desktop_link: null, webapp_link: null }
    await act(() => kernel.open('ConnectingWalletConnect', { wallet }))
    const view = await screen.findByTestId('view-ConnectingWalletConnect')
    expect(screen.getByTestId('header-title').textContent).toBe('Trust Wallet')
    await showUri(kernel)
    const open = within(view).getByTestId('wc-open-app') as HTMLAnchorElement
    expect(open.textContent).toBe('Open in Trust Wallet app')
    expect(open.getAttribute('href')).toBe(`trust://wc?uri=${encodeURIComponent(URI)}`)
    expect(open.getAttribute('target')).toBe('_self')
    expect(within(view).getByText('Scan with Trust Wallet')).toBeTruthy()
    fireEvent.click(open)
    expect(selectWalletConnect(kernel.getState()).wcLinking).toEqual({ name: 'Trust Wallet', href: 'trust://' })
  })

  it('uses a universal link in a new tab, and the web app on desktop', async () => {
    const { kernel } = await setup()
    const wallet = { id: 'w', name: 'Web Wallet', mobile_link: 'https://m.example/app', desktop_link: null, webapp_link: 'https://web.example' }
    await act(() => kernel.open('ConnectingWalletConnect', { wallet }))
    await screen.findByTestId('view-ConnectingWalletConnect')
    await showUri(kernel)
    const open = screen.getByTestId('wc-open-app') as HTMLAnchorElement
    expect(open.textContent).toBe('Open Web Wallet web app')
    expect(open.getAttribute('href')).toBe(`https://web.example/wc?uri=${encodeURIComponent(URI)}`)
    expect(open.getAttribute('target')).toBe('_blank')
    expect(open.getAttribute('rel')).toContain('noopener')
  })

  it('shows the declined state, and "Try again" starts a new connection', async () => {
    const { kernel, connect } = await setup()
    await act(() => kernel.open('ConnectingWalletConnect'))
    await screen.findByTestId('view-ConnectingWalletConnect')
    await showUri(kernel)
    act(() => void kernel.store.dispatch(phaseChanged('declined', 'User rejected.')))
    const declined = screen.getByTestId('wc-declined')
    expect(declined.textContent).toContain('Connection declined')
    expect(screen.queryByTestId('wc-qr')).toBeNull()
    fireEvent.click(within(declined).getByRole('button', { name: 'Try again' }))
    expect(connect).toHaveBeenCalledTimes(2)
  })

  it('shows what failed with a retry', async () => {
    const { kernel } = await setup()
    await act(() => kernel.open('ConnectingWalletConnect'))
    await screen.findByTestId('view-ConnectingWalletConnect')
    act(() => void kernel.store.dispatch(phaseChanged('failed', "Couldn't establish socket connection to the relay server")))
    const failed = screen.getByTestId('wc-failed')
    expect(failed.textContent).toContain('Connection failed')
    expect(within(failed).getByRole('alert').textContent).toContain('relay server')
    expect(within(failed).getByTestId('wc-retry')).toBeTruthy()
  })

  it('resumes the attempt in progress instead of starting another when the view shows again', async () => {
    const { kernel, connect, connector } = await setup()
    const resume = vi.spyOn(connector.pairing, 'resume').mockReturnValue(true)
    await act(() => kernel.open('ConnectingWalletConnect'))
    await screen.findByTestId('view-ConnectingWalletConnect')
    expect(resume).toHaveBeenCalled()
    expect(connect).not.toHaveBeenCalled()
  })

  it('closing the modal aborts the pairing and the plugin resets the URI', async () => {
    const { kernel, connector } = await setup()
    const abort = vi.spyOn(connector.pairing, 'abort')
    await act(() => kernel.open('ConnectingWalletConnect'))
    await screen.findByTestId('view-ConnectingWalletConnect')
    await showUri(kernel)
    expect(selectWalletConnect(kernel.getState()).wcUri).toBe(URI)
    // connect is recorded, not run: no attempt is in progress, so the reset is the plugin's own close handling
    expect(connector.pairing.active).toBe(false)
    act(() => kernel.close())
    expect(abort).toHaveBeenCalled()
    expect(selectWalletConnect(kernel.getState())).toMatchObject({ wcUri: undefined, wcPairingExpiry: undefined })
  })
})

describe('ConnectingWalletConnectBasic', () => {
  const wallets = [
    { id: 'metamask', name: 'MetaMask', image_id: 'mm', homepage: null, rdns: 'io.metamask', chains: ['eip155:1'], mobile_link: 'metamask://', desktop_link: null, webapp_link: null, app_store: null, play_store: null, chrome_store: null, badge_type: 'none', order: 1 },
    { id: 'rainbow', name: 'Rainbow', image_id: 'rb', homepage: null, rdns: null, chains: ['eip155:1'], mobile_link: 'rainbow://', desktop_link: null, webapp_link: null, app_store: null, play_store: null, chrome_store: null, badge_type: 'none', order: 2 },
  ]

  it('opens on desktop when the host has no adapters: the QR code, a few registry wallets and All wallets', async () => {
    const requests: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input)
        requests.push(url)
        if (url.includes('/getWallets')) return new Response(JSON.stringify({ count: 2, data: wallets }), { headers: { 'content-type': 'application/json' } })
        return new Response(new Blob([new Uint8Array([1])], { type: 'image/png' }))
      }),
    )
    const { kernel, connect } = await setup({
      adapters: [],
      endpoints: { api: 'http://api.test' },
      remotes: { manifest: { wallets: { entry: 'http://cdn.test/w.js', integrity: `sha384-${'A'.repeat(64)}`, version: '0.1.0', views: ['AllWallets'] } } },
    })
    await act(() => kernel.open())
    const view = await screen.findByTestId('view-ConnectingWalletConnectBasic')
    // the view starts pairing from an effect after it mounts
    await waitFor(() => expect(connect).toHaveBeenCalledWith('walletConnect'))
    expect(screen.getByTestId('header-title').textContent).toBe('Connect Wallet')
    await showUri(kernel)
    expect(within(view).getByTestId('wc-qr').getAttribute('data-uri')).toBe(URI)
    await within(view).findByTestId('wallet-metamask')
    expect(within(view).getByTestId('wallet-rainbow')).toBeTruthy()
    expect(within(view).getByTestId('wc-all-wallets')).toBeTruthy()
    const query = new URL(requests.find((u) => u.includes('/getWallets'))!).searchParams
    expect(Object.fromEntries(query)).toMatchObject({ page: '1', entries: '4', chains: 'eip155:31337,eip155:31338', projectId: 'test-project' })

    fireEvent.click(within(view).getByTestId('wallet-metamask'))
    await waitFor(() => expect(kernel.getState().router.history.at(-1)).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: { id: 'metamask' } } }))
  })

  it('lists no wallets when the registry is unreachable, and still shows the QR code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const { kernel } = await setup({ adapters: [], endpoints: { api: 'http://api.test' } })
    await act(() => kernel.open())
    const view = await screen.findByTestId('view-ConnectingWalletConnectBasic')
    await showUri(kernel)
    expect(within(view).getByTestId('wc-qr')).toBeTruthy()
    expect(within(view).queryByRole('group')).toBeNull()
  })
})

/** A plugin contributing wallet items, standing in for the connect plugin's own (which is not a dependency here). */
const itemsPlugin = (items: WalletListItem[]) =>
  definePlugin({
    name: 'fake-items',
    version: '0.0.0',
    contracts: '^1.0.0',
    setup({ extensions }) {
      extensions.contribute('connect/walletItems', { items })
    },
  })

describe('plugin wiring', () => {
  const items: WalletListItem[] = [
    { id: 'walletConnect', name: 'WalletConnect', group: 'walletConnect', connectorId: 'walletConnect' },
    { id: 'injected', name: 'Browser Wallet', group: 'injected', connectorId: 'injected' },
  ]

  it('points the Connect view\u2019s WalletConnect entry at ConnectingWalletConnect with the QR code tag', async () => {
    const { kernel } = await setup({ plugins: [walletConnect({ logger: 'silent' }), itemsPlugin(items)] })
    const out = kernel.extensions.read('connect/walletItems')
    expect(out[0]).toEqual({ ...items[0], view: 'ConnectingWalletConnect', tag: 'connect.tag.qrCode' })
    expect(out[1]).toBe(items[1])
    // the entry the connect plugin built is not changed in place
    expect(items[0]!.view).toBeUndefined()
  })

  it('gives the same list again while nothing it depends on changed, so the Connect view does not render for nothing', async () => {
    const { kernel } = await setup({ plugins: [walletConnect({ logger: 'silent' }), itemsPlugin(items)] })
    const first = kernel.extensions.read('connect/walletItems')
    act(() => kernel.setThemeMode('dark'))
    expect(kernel.extensions.read('connect/walletItems')).toBe(first)
  })

  it('reports the peer wallet through the kernel when a WalletConnect session connects', async () => {
    const { kernel, connector } = await setup()
    vi.spyOn(connector.host, 'activeSession').mockReturnValue({
      peer: { metadata: { name: 'Rainbow', description: '', url: 'https://rainbow.me', icons: ['http://insecure.example/i.png', 'https://rainbow.me/i.png'] } },
    } as never)
    await kernel.hooks.afterConnect.promise({ namespace: 'eip155', connectorId: 'walletConnect', address: '0x1', caipAddress: 'eip155:31337:0x1', chainId: 31337 })
    expect(kernel.getState().chains.accounts.eip155?.connectedWalletInfo).toEqual({ name: 'Rainbow', icon: 'https://rainbow.me/i.png', type: 'WALLET_CONNECT' })
    // another connector's connection is left alone
    await kernel.hooks.afterConnect.promise({ namespace: 'solana', connectorId: 'phantom', address: 'x', caipAddress: 'solana:1:x', chainId: '1' })
    expect(kernel.getState().chains.accounts.solana?.connectedWalletInfo).toBeUndefined()
  })

  it('registers the walletConnect connector without loading the SDK', async () => {
    const { kernel, connector } = await setup()
    expect(kernel.getState().connectors.list).toContainEqual(expect.objectContaining({ id: 'walletConnect', type: 'WALLET_CONNECT', chains: ['eip155'] }))
    expect(connector.host.current).toBeUndefined()
  })
})

describe('qrMatrix', () => {
  it('leaves the finder patterns and the logo area out of the dots', () => {
    const plain = qrMatrix(URI)
    const withLogo = qrMatrix(URI, 9)
    expect(plain.size).toBeGreaterThanOrEqual(41)
    expect(plain.hole).toBe(0)
    expect(withLogo.hole).toBe(9)
    expect(withLogo.dots.length).toBeLessThan(plain.dots.length)
    expect(plain.finders).toEqual([{ x: 0, y: 0 }, { x: plain.size - 7, y: 0 }, { x: 0, y: plain.size - 7 }])
  })
})
