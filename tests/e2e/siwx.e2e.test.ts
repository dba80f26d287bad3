/**
 * Sign in with X end to end in Chromium with the Portico Dev Wallet (real keys) on the stack's anvil chains:
 * optional and required modes, a declined signature prompting again, every way of closing refused while sign-in
 * is required, reload keeping the session, signing out and a revoke through the api ending it, forged and replayed
 * sessions refused by the api. The demo with `?siwx=1` enables sign-in verified by the stack's api
 * (`siwx: { verifier: 'server', required }`: nonces, sessions and revokes on services/api), its "Require sign-in"
 * switch is `demo-siwx-required` and it shows the session in `demo-session`. Messages are checked by an independent
 * implementation (viem's verifySiweMessage).
 */
import { createPublicClient, custom, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { callKernel, demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { connectDiagnostics, DEV_ADDRESS, DEV_CONNECTOR, PROMPTING_METHODS, walletMethods, waitUntilStill } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

async function open() {
  // `?siwx=1`: the demo turns sign-in on (its "Sign in after connect" switch does the same through localStorage)
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme: 'light', siwx: '1' }))
  return demo
}

/** The Connect button → the Dev Wallet → the modal comes back on the sign-in prompt. */
async function connectToPrompt(d: DemoPage) {
  await d.page.getByTestId('connect-button').click()
  await d.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await waitUntilStill(d.page, DEV_CONNECTOR)
  await d.page.getByTestId(DEV_CONNECTOR).click()
  try {
    await d.page.getByTestId('view-SIWXSignMessage').waitFor({ state: 'visible', timeout: 30_000 })
  } catch (error) {
    throw new Error(`The sign-in prompt did not open: ${await connectDiagnostics(d)}`, { cause: error })
  }
}

async function setRequired(d: DemoPage, required: boolean) {
  const toggle = d.page.getByTestId('demo-siwx-required')
  if ((await toggle.isChecked()) !== required) await toggle.click()
  expect(await toggle.isChecked()).toBe(required)
}

type SessionLike = { data: { chainId: string; accountAddress: string; nonce: string; domain: string }; message: string; signature: string }
const session = (d: DemoPage) => kernelState<SessionLike | undefined>(d.page, 's => s.siwx?.session')

/** A call to the stack's api for the demo's project, from the demo's origin (as the page makes it). */
async function api(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${stack.urls.api}${path}?projectId=portico-dev&st=e2e&sv=1`, {
    method,
    headers: { origin: new URL(stack.urls.demo).origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as any }
}
/** The sessions the api lists as live for the Dev Wallet's account. */
const liveSessions = async (): Promise<{ pci: string; message: string }[]> => (await api('GET', `/v1/sessions/${DEV_ADDRESS}`)).body.pcis

async function signIn(d: DemoPage) {
  await d.page.getByTestId('siwx-sign').click()
  await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  return (await session(d))!
}

// verifying an EOA's signature needs no chain: a client that refuses every request proves it
const offline = createPublicClient({ transport: custom({ request: async () => Promise.reject(new Error('offline')) }) })

describe('Sign in with X with the Dev Wallet', () => {
  it('optional: the prompt follows the connect; signing stores a session viem verifies, shown on the page', async () => {
    const d = await open()
    await setRequired(d, false)
    await connectToPrompt(d)
    expect(await d.page.getByTestId('view-SIWXSignMessage').textContent()).toContain('Portico demo wants you to sign in')
    await screenshot(d.page, 'siwx-prompt-light')
    await d.page.getByTestId('siwx-sign').click()
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await d.page.waitForFunction(() => document.querySelector('[data-testid="demo-session"]')?.textContent?.trim(), undefined, { timeout: 10_000 })

    const s = (await session(d))!
    expect(s.data).toMatchObject({ chainId: 'eip155:31337', domain: new URL(stack.urls.demo).host })
    expect(s.data.accountAddress.toLowerCase()).toBe(DEV_ADDRESS.toLowerCase())
    expect(parseSiweMessage(s.message)).toMatchObject({ address: DEV_ADDRESS, chainId: 31337, nonce: s.data.nonce })
    expect(await verifySiweMessage(offline, { message: s.message, signature: s.signature as Hex, domain: new URL(stack.urls.demo).host, address: DEV_ADDRESS })).toBe(true)
    expect(await walletMethods(d.page)).toContain('personal_sign')
    expect(d.pageErrors).toEqual([])
  })

  it('optional: cancel closes and keeps the wallet connected, without a session', async () => {
    const d = await open()
    await setRequired(d, false)
    await connectToPrompt(d)
    await d.page.getByTestId('siwx-cancel').click()
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })
    expect(await kernelState(d.page, 's => s.connection.status')).toBe('connected')
    expect(await session(d)).toBeUndefined()
    expect((await d.page.getByTestId('demo-session').textContent())?.trim()).toBe('')
  })

  it('a declined signature keeps the prompt with the reason; signing again succeeds', async () => {
    const d = await open()
    await connectToPrompt(d)
    await d.page.evaluate(() => (window as any).__porticoDevWallet.setMode('reject'))
    await d.page.getByTestId('siwx-sign').click()
    await d.page.getByTestId('siwx-error').waitFor({ state: 'visible', timeout: 10_000 })
    expect(await d.page.getByTestId('view-SIWXSignMessage').isVisible()).toBe(true)
    await screenshot(d.page, 'siwx-declined-light')
    await d.page.evaluate(() => (window as any).__porticoDevWallet.setMode('approve'))
    await d.page.getByTestId('siwx-sign').click()
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    expect(await session(d)).toBeDefined()
  })

  it('required: Escape, the backdrop and the close button all refuse with the shake; cancel disconnects', async () => {
    const d = await open()
    await setRequired(d, true)
    await connectToPrompt(d)
    const modal = d.page.getByTestId('portico-modal')
    for (const attempt of [() => d.page.keyboard.press('Escape'), () => d.page.getByTestId('modal-backdrop').click({ force: true, position: { x: 5, y: 5 } }), () => d.page.getByTestId('modal-close').click()]) {
      await attempt()
      await d.page.waitForSelector('[data-testid="portico-modal"][data-shake]', { timeout: 2_000 })
      expect(await d.page.getByTestId('view-SIWXSignMessage').isVisible()).toBe(true)
      await d.page.waitForSelector('[data-testid="portico-modal"]:not([data-shake])', { timeout: 2_000 })
    }
    expect(await modal.isVisible()).toBe(true)
    await screenshot(d.page, 'siwx-required-light')
    await d.page.getByTestId('siwx-cancel').click()
    await modal.waitFor({ state: 'hidden', timeout: 10_000 })
    await waitForState(d.page, 's => s.connection.status === "disconnected"', 10_000)
  })

  it('required: signing in lets the modal close; a reload keeps the session and asks nothing', async () => {
    const d = await open()
    await setRequired(d, true)
    await connectToPrompt(d)
    await d.page.getByTestId('siwx-sign').click()
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    const before = (await session(d))!

    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
    await waitForState(d.page, 's => s.connection.status === "connected" && Boolean(s.siwx?.session)', 30_000)
    expect((await session(d))!.signature).toBe(before.signature)
    expect(await kernelState(d.page, 's => s.modal.open')).toBe(false)
    expect((await walletMethods(d.page)).filter((m) => PROMPTING_METHODS.includes(m))).toEqual([])
  })

  it('signing out ends the session and the prompt asks again', async () => {
    const d = await open()
    await setRequired(d, false)
    await connectToPrompt(d)
    await d.page.getByTestId('siwx-sign').click()
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    const signed = (await session(d))!
    expect((await liveSessions()).map((p) => p.message)).toContain(signed.message)
    await callKernel(d.page, `k => k.extensions.read('siwx/api')[0].signOut()`)
    await d.page.getByTestId('view-SIWXSignMessage').waitFor({ state: 'visible', timeout: 10_000 })
    expect(await session(d)).toBeUndefined()
    expect((await d.page.getByTestId('demo-session').textContent())?.trim()).toBe('')
    // signing out revoked it on the api
    expect((await liveSessions()).map((p) => p.message)).not.toContain(signed.message)
  })

  it('server: the api keeps the session across a reload; a revoke through the api ends it and the prompt asks again', async () => {
    const d = await open()
    await setRequired(d, false)
    await connectToPrompt(d)
    const signed = await signIn(d)
    const listed = (await liveSessions()).find((p) => p.message === signed.message)
    expect(listed).toBeDefined()

    await d.page.reload({ waitUntil: 'load' })
    await waitForState(d.page, 's => s.connection.status === "connected" && Boolean(s.siwx?.session)', 30_000)
    expect((await session(d))!.signature).toBe(signed.signature)

    // another client holding the session (the app's backend, another tab) revokes it: its signature proves it may
    expect((await api('POST', `/v1/sessions/${DEV_ADDRESS}/revoke`, { pci: listed!.pci, signature: `0x${'11'.repeat(65)}` })).status).toBe(401)
    const revoked = await api('POST', `/v1/sessions/${DEV_ADDRESS}/revoke`, { pci: listed!.pci, signature: signed.signature })
    expect(revoked.status).toBe(200)
    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('view-SIWXSignMessage').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await session(d)).toBeUndefined()
    expect(d.pageErrors).toEqual([])
  })

  it('server: a replayed session and a forged one posted to the api are refused', async () => {
    const d = await open()
    await setRequired(d, false)
    await connectToPrompt(d)
    const signed = await signIn(d)

    // replay: the exact message and signature the page already used
    const replay = await api('POST', '/v1/sessions', { message: signed.message, signature: signed.signature })
    expect(replay).toMatchObject({ status: 401, body: { code: 'SESSION_REFUSED', message: 'The nonce was already used; ask for a new one.' } })

    // forged: a fresh nonce for the Dev Wallet's account, the message signed by another key
    const { nonce } = (await api('POST', '/v1/sessions/nonces', { chainId: 'eip155:31337', accountAddress: DEV_ADDRESS })).body
    const message = signed.message.replace(`Nonce: ${signed.data.nonce}`, `Nonce: ${nonce}`)
    const forged = await api('POST', '/v1/sessions', { message, signature: await privateKeyToAccount(generatePrivateKey()).signMessage({ message }) })
    expect(forged).toMatchObject({ status: 401, body: { code: 'SESSION_REFUSED', message: `The signature was not made by ${DEV_ADDRESS}.` } })
    // …and the old session's signature on the new text
    const { nonce: again } = (await api('POST', '/v1/sessions/nonces', { chainId: 'eip155:31337', accountAddress: DEV_ADDRESS })).body
    const reused = await api('POST', '/v1/sessions', { message: signed.message.replace(`Nonce: ${signed.data.nonce}`, `Nonce: ${again}`), signature: signed.signature })
    expect(reused.status).toBe(401)
    // the page's own session is untouched
    expect((await liveSessions()).map((p) => p.message)).toContain(signed.message)
  })

  it('switching chain asks again for the new chain', async () => {
    const d = await open()
    await setRequired(d, false)
    await connectToPrompt(d)
    await d.page.getByTestId('siwx-sign').click()
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await callKernel(d.page, `k => k.switchNetwork('eip155:31338')`)
    await d.page.getByTestId('view-SIWXSignMessage').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await kernelState(d.page, 's => s.siwx.pending.chainId')).toBe('eip155:31338')
  })
})
