/**
 * Email login and the embedded wallet end to end in Chromium, through the stack's frame service (its own origin),
 * its dev SMTP sink and the anvil chains: a code from the inbox gives an account; a signature and a 0.01 ETH send
 * are approved inside the frame and checked independently (viem, anvil; the login starts with the smart account, so
 * the signature is ERC-6492 and the send a user operation); a reload restores with no code; a second
 * browser profile approves the device by the mailed link, then a code, and gets the same address; update email;
 * five wrong codes end the code; a host page that posts forged messages to the frame approves nothing. Every test
 * starts on its own fresh browser profile.
 */
import { decodeEventLog, parseAbiItem, parseEther, toHex, type Address, type Hex, type PublicClient, type TransactionReceipt } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoRuntimeConfig, injectDemoConfig } from '../../scripts/lib/stack.ts'
import { startStaticServer } from '../../scripts/lib/static-server.ts'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { chainClients, truncated, waitForText } from '../utils/devWallet.ts'
import {
  approveInFrame,
  freshEmail,
  loginFrame,
  loginWithEmail,
  startEmailLogin,
  submitEmail,
  typeCode,
  waitForCode,
  waitForDeviceLink,
  waitForEmbeddedAddress,
} from '../utils/email.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chains = chainClients(stack)
const frameUrl = stack.urls.frame
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'
/** Where the demo's "Send 0.01 ETH" sends by default: anvil's second dev account. */
const SEND_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address

const opened: DemoPage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()))
})

async function open(theme: 'light' | 'dark' = 'light') {
  const d = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  opened.push(d)
  return d
}

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const USER_OPERATION_EVENT = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

/**
 * Who sent a transaction: its `from` for an eoa; for a smart account (the default after an email login) the sender of
 * the one successful user operation the bundler's transaction to the EntryPoint carries.
 */
function sentBy(receipt: TransactionReceipt): string {
  if (receipt.to?.toLowerCase() !== ENTRY_POINT.toLowerCase()) return receipt.from.toLowerCase()
  const ops = receipt.logs
    .filter((l) => l.address.toLowerCase() === ENTRY_POINT.toLowerCase())
    .flatMap((l) => {
      try {
        return [decodeEventLog({ abi: [USER_OPERATION_EVENT], data: l.data, topics: l.topics })]
      } catch {
        return []
      }
    })
  expect(ops).toHaveLength(1)
  expect(ops[0]!.args.success).toBe(true)
  return ops[0]!.args.sender.toLowerCase()
}

/** Checks a demo send of 0.01 ETH from `address` on `chain`: it landed, `address` sent it and paid exactly 0.01 ETH (a smart account's gas is sponsored). */
async function expectSentFrom(chain: PublicClient, hash: Hex, address: Address, funded: bigint, receiverBefore: bigint) {
  const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 20_000 })
  expect(receipt.status).toBe('success')
  expect(sentBy(receipt)).toBe(address.toLowerCase())
  expect((await chain.getBalance({ address: SEND_TO })) - receiverBefore).toBe(parseEther('0.01'))
  const spent = funded - (await chain.getBalance({ address }))
  if (receipt.to?.toLowerCase() === ENTRY_POINT.toLowerCase()) expect(spent).toBe(parseEther('0.01'))
  else expect(spent).toBe(parseEther('0.01') + receipt.gasUsed * receipt.effectiveGasPrice)
}

/** Lets the modal's height and view transitions (150 ms) finish before a screenshot. */
const settled = (d: DemoPage) => d.page.waitForTimeout(400)

describe('email login and the embedded wallet', () => {
  it('shows the email method first on the Connect view, and says "Invalid email" for a bad address', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const d = await open(theme)
      await d.page.getByTestId('connect-button').click()
      const view = d.page.getByTestId('view-Connect')
      await view.waitFor({ state: 'visible' })
      await d.page.getByTestId('email-input').waitFor({ state: 'visible' })
      // SPEC §2 order: email before the wallet list
      const order = await view.evaluate((el) => {
        const email = el.querySelector('[data-testid=email-input]')!
        const wallet = el.querySelector('[data-testid^=connector-], [data-testid^=wallet-]')!
        return email.compareDocumentPosition(wallet) & Node.DOCUMENT_POSITION_FOLLOWING ? 'email first' : 'wallet first'
      })
      expect(order).toBe('email first')
      await settled(d)
      await screenshot(d.page, `email-connect-${theme}`)
      await d.page.getByTestId('email-input').fill('not-an-email')
      await d.page.getByTestId('email-submit').click()
      await waitForText(d.page, 'email-error', 'Invalid email')
      await screenshot(d.page, `email-invalid-${theme}`)
      // no code was asked for: the frame need not even exist yet
      expect(await d.page.getByTestId('view-EmailVerifyOtp').count()).toBe(0)
      opened.splice(opened.indexOf(d), 1)
      await d.close()
    }
  })

  it('logs in with a code from the inbox and shows the new account', async () => {
    const d = await open()
    const email = freshEmail()
    const since = Date.now() - 1000
    await startEmailLogin(d.page, email)
    await d.page.getByTestId('view-EmailVerifyOtp').waitFor({ state: 'visible', timeout: 30_000 })
    await settled(d)
    await screenshot(d.page, 'email-otp-light')
    await typeCode(d.page, await waitForCode(frameUrl, email, since))
    const address = await waitForEmbeddedAddress(d.page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await waitForText(d.page, 'demo-address', truncated(address))
    // the iframe is the spec's hidden, fixed login frame, on the frame's own origin
    const frame = d.page.locator('#w3m-iframe')
    expect(await frame.getAttribute('name')).toBe('w3m-secure-iframe')
    expect(new URL((await frame.getAttribute('src'))!).origin).toBe(new URL(frameUrl).origin)
    expect(await frame.evaluate((el) => getComputedStyle(el).zIndex)).toBe('999999')
    expect(d.pageErrors).toEqual([])

    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('view-Account').waitFor({ state: 'visible' })
    expect(await d.page.getByTestId('account-address').textContent()).toBe(truncated(address))
    await d.page.getByTestId('account-update-email').waitFor({ state: 'visible' })
    await settled(d)
    await screenshot(d.page, 'email-account-light')
  })

  it('signs with personal_sign approved inside the frame; the signature verifies with viem', async () => {
    const d = await open('dark')
    const address = (await loginWithEmail(d.page, frameUrl, freshEmail())) as Address
    await d.page.getByTestId('demo-sign').click()
    await approveInFrame(d.page, () => screenshot(d.page, 'email-approve-sign-dark'))
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 30_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    // viem's verifyMessage on the chain: ECDSA for an eoa, ERC-6492 for the (not yet deployed) smart account
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.preferredAccountType')).toBe('smartAccount')
    expect(await chains[31337].verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
    expect(await chains[31337].verifyMessage({ address, message: 'another message', signature })).toBe(false)
    // the approval view is gone and the modal closed again (it was opened for the request)
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
  })

  it('sends 0.01 ETH approved inside the frame; the transaction is read back from anvil', async () => {
    const d = await open()
    const address = (await loginWithEmail(d.page, frameUrl, freshEmail())) as Address
    await rpc(stack.urls.anvil, 'anvil_setBalance', [address, toHex(parseEther('1'))])
    const before = await chains[31337].getBalance({ address: SEND_TO })
    await d.page.getByTestId('demo-send').click()
    await approveInFrame(d.page, () => screenshot(d.page, 'email-approve-send-light'))
    const result = d.page.locator('[data-testid=demo-send-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 60_000 })
    const hash = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    await expectSentFrom(chains[31337], hash, address, parseEther('1'), before)
  })

  it('switches to the second chain: the embedded wallet follows, and a send approved in the frame lands there', async () => {
    const d = await open()
    const address = (await loginWithEmail(d.page, frameUrl, freshEmail('switch'))) as Address
    await rpc(stack.urls.anvil2, 'anvil_setBalance', [address, toHex(parseEther('2'))])
    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('account-network').click()
    await d.page.getByTestId('network-eip155:31338').click()
    await waitForState(d.page, 's => s.chains.activeCaipNetworkId === "eip155:31338" && s.chains.accounts.eip155?.status === "connected"', 20_000)
    await waitForText(d.page, 'demo-network', 'Anvil 2')
    await waitForText(d.page, 'demo-balance', '2.000 ETH')
    // the same account on the new chain
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155.address')).toBe(address)
    if (await d.page.getByTestId('portico-modal').isVisible()) await d.page.keyboard.press('Escape')
    const before = await chains[31338].getBalance({ address: SEND_TO })
    await d.page.getByTestId('demo-send').click()
    await approveInFrame(d.page)
    const result = d.page.locator('[data-testid=demo-send-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 60_000 })
    const hash = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    await expectSentFrom(chains[31338], hash, address, parseEther('2'), before)
  })

  it('restores the session on reload with no code', async () => {
    const d = await open()
    const email = freshEmail()
    const address = await loginWithEmail(d.page, frameUrl, email)
    // the visitor reloads once the page has kept the session (the state says connected a moment before the write)
    await d.page.waitForFunction(() => (window as any).__portico.storage.getItem('connectionStatus').then((v: unknown) => v === 'connected'), undefined, { timeout: 10_000 })
    await d.page.reload()
    expect(await waitForEmbeddedAddress(d.page)).toBe(address)
    await waitForText(d.page, 'demo-address', truncated(address))
    expect(await d.page.getByTestId('view-EmailVerifyOtp').count()).toBe(0)
  })

  it('a second browser profile approves the device by the mailed link, then a code, and gets the same address', async () => {
    const first = await open()
    const email = freshEmail('two-devices')
    const address = await loginWithEmail(first.page, frameUrl, email)

    const second = await open()
    const since = Date.now() - 1000
    await startEmailLogin(second.page, email)
    await second.page.getByTestId('view-EmailVerifyDevice').waitFor({ state: 'visible', timeout: 30_000 })
    await settled(second)
    await screenshot(second.page, 'email-device-light')
    const link = await waitForDeviceLink(frameUrl, email, since)
    // the visitor opens the link from their mail (a page of its own) and confirms
    const mailTab = await second.context.newPage()
    await mailTab.goto(link)
    await mailTab.getByRole('button', { name: /approve/i }).click()
    await mailTab.getByText(/approved/i).first().waitFor({ timeout: 10_000 })
    await mailTab.close()

    await second.page.getByTestId('view-EmailVerifyOtp').waitFor({ state: 'visible', timeout: 30_000 })
    await typeCode(second.page, await waitForCode(frameUrl, email, since))
    expect(await waitForEmbeddedAddress(second.page)).toBe(address)
  })

  it('updates the email: a code to the current address, then one to the new address', async () => {
    const d = await open()
    const email = freshEmail('old')
    const next = freshEmail('new')
    await loginWithEmail(d.page, frameUrl, email)
    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('view-Account').waitFor({ state: 'visible' })
    await d.page.getByTestId('account-update-email').click()
    await d.page.getByTestId('view-UpdateEmailWallet').waitFor({ state: 'visible' })
    await settled(d)
    await screenshot(d.page, 'email-update-light')
    const since = Date.now() - 1000
    await d.page.getByTestId('email-input').fill(next)
    await submitEmail(d.page, ['view-UpdateEmailPrimaryOtp'])
    await typeCode(d.page, await waitForCode(frameUrl, email, since))
    const since2 = Date.now() - 1000
    await d.page.getByTestId('view-UpdateEmailSecondaryOtp').waitFor({ state: 'visible', timeout: 20_000 })
    await typeCode(d.page, await waitForCode(frameUrl, next, since2))
    await d.page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })

    // the new address logs in (same account); the old one is now a stranger
    await d.page.getByTestId('account-disconnect').click()
    await waitForState(d.page, 's => s.chains.accounts.eip155?.status !== "connected"', 20_000)
    const second = await open()
    const since3 = Date.now() - 1000
    await startEmailLogin(second.page, next)
    // a new profile is a new device for this user: the link comes first
    await second.page.getByTestId('view-EmailVerifyDevice').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await waitForDeviceLink(frameUrl, next, since3)).toMatch(/device\/verify/)
  })

  it('five wrong codes end the code', async () => {
    const d = await open()
    const email = freshEmail('wrong')
    const since = Date.now() - 1000
    await startEmailLogin(d.page, email)
    await d.page.getByTestId('view-EmailVerifyOtp').waitFor({ state: 'visible', timeout: 30_000 })
    const code = await waitForCode(frameUrl, email, since)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 5; i++) {
      await typeCode(d.page, wrong)
      await d.page.getByTestId('otp-error').waitFor({ state: 'visible', timeout: 10_000 })
    }
    await screenshot(d.page, 'email-otp-error-light')
    // the right code no longer works
    await typeCode(d.page, code)
    await d.page.getByTestId('otp-error').waitFor({ state: 'visible', timeout: 10_000 })
    await d.page.waitForTimeout(500)
    expect(await kernelState(d.page, 's => s.chains.accounts.eip155?.status ?? "disconnected"')).not.toBe('connected')
  })

  it('a host page script posting forged messages to the frame approves nothing', async () => {
    const d = await open()
    await loginWithEmail(d.page, frameUrl, freshEmail('forged'))
    await d.page.getByTestId('demo-sign').click()
    await d.page.getByTestId('view-ApproveTransaction').waitFor({ state: 'visible', timeout: 20_000 })
    await loginFrame(d.page).getByTestId('frame-approve').waitFor({ state: 'visible', timeout: 20_000 })
    // the host page cannot reach into the frame's document, and messages it posts are not approvals
    const reach = await d.page.evaluate((origin) => {
      const frame = document.getElementById('w3m-iframe') as HTMLIFrameElement
      const w = frame.contentWindow!
      const forged = [
        { id: 'x', type: '@w3m-app/APPROVE' },
        { id: 'x', type: '@w3m-frame/RPC_REQUEST_SUCCESS', payload: '0xdead' },
        { type: 'approve' },
        'approve',
      ]
      for (const m of forged) {
        w.postMessage(m, origin)
        w.postMessage(m, '*')
      }
      let doc: unknown = 'unreachable'
      try {
        doc = frame.contentDocument
      } catch {
        doc = 'threw'
      }
      return doc === null ? 'null' : String(doc)
    }, new URL(frameUrl).origin)
    expect(reach).toMatch(/null|threw|unreachable/)
    await d.page.waitForTimeout(1500)
    expect(await d.page.getByTestId('demo-sign-result').getAttribute('data-status')).toBe('pending')
    // the visitor rejects in the frame: the demo reports the decline
    await loginFrame(d.page).getByTestId('frame-reject').click()
    await d.page.locator('[data-testid=demo-sign-result][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 })
  })

  it('a page on an origin the project does not allow gets "Invalid App Configuration", and the frame refuses it', async () => {
    // the demo served from another origin (an ephemeral port): the project's allowlist does not name it
    const server = await startStaticServer({ dir: stack.demoDir, port: 0, transformHtml: (html) => injectDemoConfig(html, demoRuntimeConfig(stack.urls)) })
    try {
      const d = await openPage(demoUrl(server.url, { debug: '1' }))
      opened.push(d)
      await d.page.getByTestId('connect-button').click()
      await d.page.getByTestId('email-input').fill(freshEmail('stranger'))
      await d.page.getByTestId('email-submit').click()
      await waitForText(d.page, 'email-error', "This site's domain is not allowed to use the embedded wallet. Add it to the project's allowed origins on your api service.")
      const alerts = await d.page.getByTestId('alert').allTextContents()
      expect(alerts.join(' ')).toContain('Invalid App Configuration')
      await settled(d)
      await screenshot(d.page, 'email-origin-not-allowed-light')
      // the frame page itself is served with a frame-ancestors policy that leaves this origin out
      const res = await fetch(`${frameUrl}/sdk?projectId=portico-dev&chainId=31337&version=4`)
      const ancestors = /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? ''
      expect(ancestors.split(' ')).toContain(stack.urls.demo)
      expect(ancestors.split(' ')).not.toContain(server.url.replace(/\/$/, ''))
      expect(await kernelState(d.page, 's => s.chains.accounts.eip155?.status ?? "disconnected"')).not.toBe('connected')
    } finally {
      await server.close()
    }
  })
})
