/**
 * WalletConnect in the demo, in Chromium: the QR code's URI is paired by the WalletKit test wallet (in Node, same
 * relay), which signs with anvil's dev keys. Prints the click-to-QR time.
 *
 * The first story runs against the stack's own relay (what `npm start` serves). The relay-outage story needs
 * `relay.dropAllSockets()`, which the stack's relay (a child process) does not offer, so it runs an in-process relay
 * and carries the page's relay sockets to it (Playwright's routeWebSocket); the page and its config are unchanged.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createPublicClient, http, isAddressEqual, parseEther, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { createRelay, type Relay } from '../../services/relay/src/index.ts'
import { ANVIL_ACCOUNTS } from '../anvil/index.ts'
import { demoUrl, kernelState, openPage, screenshot, SCREENSHOT_DIR, waitForState, type DemoPage } from '../utils/browser.ts'
import type {} from '../utils/stack.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const [alice, bob] = ANVIL_ACCOUNTS
const rpcUrls = { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 }
const chainA = createPublicClient({ transport: http(stack.urls.anvil) })

type Timing = { click?: number; qr?: number }

const require = createRequire(import.meta.url)
const { PNG } = require('pngjs') as { PNG: { sync: { read(png: Buffer): { width: number; height: number; data: Buffer } } } }
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const jsqr = require('jsqr') as JsQr | { default: JsQr }
const jsQR: JsQr = typeof jsqr === 'function' ? jsqr : jsqr.default

/** Reads the QR code on the page the way a phone would: from its pixels. */
/**
 * The text of the QR code as a camera would read it from the screen. Under load the view can still be fading in
 * when the first shot is taken, so an unreadable shot is retaken a few times (a wrong code still reads wrong).
 */
/**
 * Reads a QR code from a capture at its size, then at twice its size (each pixel doubled). The code's modules are
 * ~4 px dots at the page's scale; jsQR's finder misses some codes at that size that it reads doubled, as a phone's
 * camera, which sees the screen at a higher resolution, does. A wrong code still reads wrong.
 */
function decodeQr(image: { width: number; height: number; data: Buffer }): string | undefined {
  for (const k of [1, 2]) {
    const width = image.width * k
    const height = image.height * k
    const data = new Uint8ClampedArray(width * height * 4)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const from = (Math.floor(y / k) * image.width + Math.floor(x / k)) * 4
        data.set(image.data.subarray(from, from + 4), (y * width + x) * 4)
      }
    const text = jsQR(data, width, height)?.data
    if (text !== undefined) return text
  }
  return undefined
}

async function scanQr(page: Page): Promise<string | undefined> {
  // the code fades and scales in: the capture ends CSS animations (`animations: 'disabled'`), so what is read is the
  // code as it rests, and a busy machine gets a few more tries; the last capture is kept when none can be read
  let last: Buffer | undefined
  for (let attempt = 0; attempt < 10; attempt++) {
    last = await page.locator('[data-testid=wc-qr]').first().screenshot({ animations: 'disabled' })
    const text = decodeQr(PNG.sync.read(last))
    if (text !== undefined) return text
    await page.waitForTimeout(300)
  }
  if (last) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    writeFileSync(join(SCREENSHOT_DIR, `walletconnect-qr-unreadable-${Date.now()}.png`), last)
  }
  return undefined
}

/** Records, in the page, when the WalletConnect entry is clicked and when the QR code first carries a URI. */
async function watchClickToQr(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __wcTiming: Timing }
    w.__wcTiming = {}
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element | null)?.closest?.('[data-testid=connector-walletConnect]')) w.__wcTiming.click ??= performance.now()
      },
      true,
    )
    const seen = () => {
      if (w.__wcTiming.qr === undefined && document.querySelector('[data-testid=wc-qr][data-uri]')) w.__wcTiming.qr = performance.now()
    }
    new MutationObserver(seen).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-uri'] })
  })
}

/** Opens the modal, clicks WalletConnect and returns the URI from the QR code with the click-to-QR time. */
async function qrUri(demo: DemoPage): Promise<{ uri: string; ms: number }> {
  const { page } = demo
  await watchClickToQr(page)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('view-Connect').waitFor({ state: 'visible' })
  await page.getByTestId('connector-walletConnect').click()
  await page.getByTestId('view-ConnectingWalletConnect').waitFor({ state: 'visible' })
  const qr = page.locator('[data-testid=wc-qr][data-uri]')
  await qr.waitFor({ state: 'visible', timeout: 30_000 })
  const uri = (await qr.getAttribute('data-uri'))!
  const timing = await page.evaluate(() => (window as unknown as { __wcTiming: Timing }).__wcTiming)
  return { uri, ms: Math.round(timing.qr! - timing.click!) }
}

/** Resolves when the kernel in the page is connected to `address`. */
const connectedAs = (page: Page, address: string, timeout = 20_000) =>
  waitForState(page, `s => s.connection.status === 'connected' && s.chains.accounts.eip155?.address?.toLowerCase() === '${address.toLowerCase()}'`, timeout)

const signInPage = (page: Page, message: string) =>
  page.evaluate((m) => (window as any).__portico.signMessage(m) as Promise<string>, message) as Promise<Hex>

async function startWallet(relayUrl: string) {
  return createWalletConnectWallet({ relayUrl, rpcUrls })
}

describe('WalletConnect in the demo (the stack relay)', () => {
  let demo: DemoPage
  let wallet: WalletConnectWallet

  beforeAll(async () => {
    wallet = await startWallet(stack.urls.relay)
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
  })
  afterAll(async () => {
    await demo?.close()
    await wallet?.close()
  })

  it('shows a scannable QR code with the pairing URI, without waiting on third-party hosts', async () => {
    const { uri, ms } = await qrUri(demo)
    console.log(`click-to-QR: ${ms} ms`)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(uri).toContain('relay-protocol=irn')
    // the pixels on screen decode to the same URI
    expect(await scanQr(demo.page)).toBe(uri)
    const expiry = await kernelState<number>(demo.page, 's => s.walletconnect.wcPairingExpiry')
    const now = await demo.page.evaluate(() => Date.now())
    expect(expiry - now).toBeGreaterThan(4 * 60_000 - 15_000)
    expect(expiry - now).toBeLessThanOrEqual(4 * 60_000)
    // no Verify iframe, no pulse, no hosted RPC: nothing leaves the machine
    const foreign = demo.requests.filter((r) => !/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(r.origin))
    expect(foreign.map((r) => r.url)).toEqual([])
    expect(await demo.page.locator('iframe[src*="verify"]').count()).toBe(0)
    await screenshot(demo.page, 'walletconnect-qr-light')
  })

  it('pairs the test wallet from the QR code: approved → connected, the Account view shows the balance', async () => {
    const uri = (await demo.page.locator('[data-testid=wc-qr]').getAttribute('data-uri'))!
    await wallet.pair(uri)
    await connectedAs(demo.page, alice.address)
    await demo.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
    expect(await kernelState(demo.page, 's => s.walletconnect?.wcUri')).toBeUndefined()

    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Account').waitFor({ state: 'visible' })
    await demo.page.waitForFunction(() => /\d.*ETH/.test(document.querySelector('[data-testid=account-balance]')?.textContent ?? ''))
    expect(await demo.page.getByTestId('account-balance').textContent()).toMatch(/ETH/)
    expect(await demo.page.getByTestId('account-address').textContent()).toContain('0xf3...b92266')
    await screenshot(demo.page, 'walletconnect-connected-account')
    await demo.page.getByTestId('modal-close').click()
  })

  it('round-trips personal_sign: the signature verifies against the wallet address', async () => {
    const signature = await signInPage(demo.page, 'Sign in to the Portico demo')
    expect(await verifyMessage({ address: alice.address, message: 'Sign in to the Portico demo', signature })).toBe(true)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign').at(-1)).toMatchObject({ chainId: 'eip155:31337', outcome: 'approved' })
  })

  it('round-trips eth_sendTransaction: the transaction is mined on anvil', async () => {
    const before = await chainA.getBalance({ address: bob.address })
    const hash = (await demo.page.evaluate(
      ({ to }) => (window as any).__portico.sendTransaction({ to, value: 10n ** 16n }) as Promise<string>,
      { to: bob.address },
    )) as Hex
    const receipt = await chainA.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(isAddressEqual(receipt.from, alice.address)).toBe(true)
    expect(isAddressEqual(receipt.to!, bob.address)).toBe(true)
    expect((await chainA.getBalance({ address: bob.address })) - before).toBe(parseEther('0.01'))
  })

  it('a rejected signature shows the "Signature declined" toast', async () => {
    wallet.setMode('reject')
    const outcome = await demo.page.evaluate(() =>
      (window as any).__portico.signMessage('please decline').then(
        () => 'signed',
        (e: { code?: unknown }) => String(e?.code),
      ),
    )
    wallet.setMode('approve')
    expect(outcome).not.toBe('signed')
    await demo.page.waitForFunction(() => document.querySelector('[data-testid=toast]')?.textContent?.includes('Signature declined'))
    expect(await demo.page.getByTestId('toast').getAttribute('data-variant')).toBe('error')
  })

  it('restores the session after a reload', async () => {
    await demo.page.reload({ waitUntil: 'load' })
    await demo.page.getByTestId('connect-button').waitFor({ state: 'visible' })
    await connectedAs(demo.page, alice.address)
    const signature = await signInPage(demo.page, 'after the reload')
    expect(await verifyMessage({ address: alice.address, message: 'after the reload', signature })).toBe(true)
  })

  it('shows disconnected when the wallet ends the session', async () => {
    await wallet.disconnect()
    await waitForState(demo.page, `s => s.connection.status === 'disconnected' && !s.chains.accounts.eip155?.address`)
    await demo.page.waitForFunction(() => document.querySelector('[data-testid=connect-button]')?.textContent?.includes('Connect Wallet'))
    expect(demo.pageErrors).toEqual([])
  })
})

describe('WalletConnect through a relay outage (in-process relay)', () => {
  let relay: Relay
  let demo: DemoPage
  let wallet: WalletConnectWallet

  beforeAll(async () => {
    relay = await createRelay({ port: 0 })
    wallet = await startWallet(relay.url)
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await proxyRelaySockets(demo, relay)
  })
  afterAll(async () => {
    await demo?.close()
    await wallet?.close()
    await relay?.close()
  })

  it('connects, loses every relay socket, and the next request still completes', async () => {
    const { uri, ms } = await qrUri(demo)
    console.log(`click-to-QR (second page, relay behind a proxy): ${ms} ms`)
    await wallet.pair(uri)
    await connectedAs(demo.page, alice.address)
    const first = await signInPage(demo.page, 'before the outage')
    expect(await verifyMessage({ address: alice.address, message: 'before the outage', signature: first })).toBe(true)

    const sockets = relay.inspect().sockets
    expect(sockets).toBeGreaterThanOrEqual(2)
    const walletBack = new Promise<void>((resolve) => wallet.core.relayer.once('relayer_connect', () => resolve()))
    relay.dropAllSockets()
    await walletBack
    // the page notices its socket closing and reconnects by itself
    const deadline = Date.now() + 20_000
    while (relay.inspect().sockets < sockets && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(relay.inspect().sockets).toBeGreaterThanOrEqual(sockets)

    const second = await signInPage(demo.page, 'after the outage')
    expect(await verifyMessage({ address: alice.address, message: 'after the outage', signature: second })).toBe(true)
    // (other plugins may ask the wallet things too, e.g. wallet_getCapabilities)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign').map((r) => r.outcome)).toEqual(['approved', 'approved'])
  })
})

describe.each(['light', 'dark'] as const)('WalletConnect views (%s)', (theme) => {
  it('screenshots: QR code, the wallet list of the basic view, a declined connection, a narrow screen', async () => {
    const wallet = await startWallet(stack.urls.relay)
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    try {
      const { uri } = await qrUri(demo)
      await demo.page.waitForTimeout(400)
      expect(await scanQr(demo.page)).toBe(uri)
      await screenshot(demo.page, `walletconnect-qr-${theme}`)
      // the basic view (what desktop visitors see when a host has no adapter), opened directly
      await demo.page.evaluate(() => (window as any).__portico.router.push('ConnectingWalletConnectBasic'))
      await demo.page.getByTestId('view-ConnectingWalletConnectBasic').waitFor({ state: 'visible' })
      await demo.page.locator('[data-testid=view-ConnectingWalletConnectBasic] [data-testid=wc-qr][data-uri]').waitFor()
      await demo.page.waitForTimeout(600)
      await screenshot(demo.page, `walletconnect-basic-${theme}`)
      await demo.page.getByTestId('header-back').click()
      // the wallet declines: the view says so and offers to try again
      wallet.setMode('reject')
      await wallet.pair((await demo.page.locator('[data-testid=wc-qr][data-uri]').getAttribute('data-uri')) ?? uri)
      await demo.page.getByTestId('wc-declined').waitFor({ state: 'visible' })
      expect(await demo.page.getByTestId('wc-declined').textContent()).toContain('Connection declined')
      await demo.page.waitForTimeout(300)
      await screenshot(demo.page, `walletconnect-declined-${theme}`)
      wallet.setMode('approve')
      await demo.page.getByTestId('wc-retry').click()
      await demo.page.locator('[data-testid=wc-qr][data-uri]').waitFor()
      expect(demo.pageErrors).toEqual([])
    } finally {
      await demo.close()
      await wallet.close()
    }
    const narrow = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme, viewport: { width: 390, height: 800 } })
    try {
      await qrUri(narrow)
      await narrow.page.waitForTimeout(400)
      await screenshot(narrow.page, `walletconnect-qr-mobile-${theme}`)
    } finally {
      await narrow.close()
    }
  })
})

/**
 * Carries the page's relay sockets (to the stack relay's URL) to an in-process relay, frame by frame, so the test can
 * call `relay.dropAllSockets()`: when the relay drops a socket the page's socket closes too. The Host header names
 * the stack relay, which is the audience of the page's relay token.
 */
async function proxyRelaySockets(demo: DemoPage, relay: Relay) {
  const stackRelay = new URL(stack.urls.relay)
  await demo.context.routeWebSocket(
    (url) => url.host === stackRelay.host,
    (route) => {
      const target = new URL(route.url())
      const upstream = new NodeWebSocket(`${relay.url}${target.pathname}${target.search}`, { headers: { host: stackRelay.host } })
      const queued: (string | Buffer)[] = []
      upstream.on('open', () => queued.splice(0).forEach((m) => upstream.send(m)))
      upstream.on('message', (data, binary) => route.send(binary ? (data as Buffer) : data.toString()))
      // a dropped relay socket closes the page's socket as abruptly as the protocol allows
      upstream.on('close', (code, reason) => route.close({ code: code === 1005 || code === 1006 ? 1011 : code, reason: reason.toString() }))
      upstream.on('error', () => route.close({ code: 1011 }))
      route.onMessage((m) => (upstream.readyState === NodeWebSocket.OPEN ? upstream.send(m) : queued.push(m as string)))
      route.onClose(() => upstream.terminate())
    },
  )
}
