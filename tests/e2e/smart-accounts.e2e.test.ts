/**
 * Smart accounts in the embedded wallet end to end (issue 16), in Chromium against the real stack: the EntryPoint
 * v0.7, the SimpleAccount1271Factory (SimpleAccount v0.7 plus ERC-1271) and the paymaster on anvil, the alto bundler,
 * the frame service. After an email
 * login the smart account is the account in use on 31337; its first send deploys it (code read back from anvil) and
 * moves the funds, paid by the paymaster; a three-call wallet_sendCalls lands as ONE user operation; the visitor
 * switches to the eoa in the Account view and sends from it; each account's signature verifies with viem
 * (ERC-6492 / ERC-1271 for the smart account). With the bundler unreachable a send says so clearly and the eoa
 * still works; a user operation the EntryPoint rejects (the paymaster's signature no longer matches) names its AA
 * reason and moves nothing; a host that sets `defaultAccountTypes: { 'eip155:31337': 'eoa' }` (the demo's
 * `?accountTypes=`) starts its users on the eoa. Every test starts on its own fresh browser profile.
 */
import { concatHex, hexToBigInt, numberToHex, parseAbiItem, parseEther, recoverMessageAddress, sliceHex, toEventSelector, toHex, type Address, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients } from '../utils/devWallet.ts'
import { approveInFrame, freshEmail, loginWithEmail } from '../utils/email.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chains = chainClients(stack)
const frameUrl = stack.urls.frame
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'
/** Where the demo's "Send 0.01 ETH" sends by default: anvil's second dev account. */
const SEND_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032' as Address
const USER_OPERATION_EVENT = toEventSelector(
  parseAbiItem('event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)'),
)

type Eip155Account = { address: string; preferredAccountType?: string; smartAccountDeployed?: boolean; allAccounts: { address: string; type: string }[] }

const opened: DemoPage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()))
})

async function open(theme: 'light' | 'dark' = 'light', query: Record<string, string> = {}) {
  const d = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, ...query }), { colorScheme: theme })
  opened.push(d)
  return d
}

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** viem's verifyMessage against the chain: ECDSA for an eoa, ERC-1271 / ERC-6492 for a contract account. */
const verifyOnChain = (address: Address, signature: Hex) => chains[31337].verifyMessage({ address, message: DEMO_MESSAGE, signature })
const fund = (address: string, eth: string) => rpc(stack.urls.anvil, 'anvil_setBalance', [address, toHex(parseEther(eth))])
const eip155 = (d: DemoPage) => kernelState<Eip155Account>(d.page, 's => s.chains.accounts.eip155')
/** Lets the modal's height and view transitions (150 ms) finish before a screenshot. */
const settled = (d: DemoPage) => d.page.waitForTimeout(400)

/** The demo's "Send 0.01 ETH", approved in the frame; resolves with the transaction hash or the error text. */
async function demoSend(d: DemoPage, shot?: string): Promise<{ ok: true; hash: Hex } | { ok: false; message: string }> {
  await d.page.getByTestId('demo-send').click()
  await approveInFrame(d.page, shot ? () => screenshot(d.page, shot) : undefined)
  const result = d.page.locator('[data-testid=demo-send-result]:not([data-status=pending])')
  await result.waitFor({ state: 'visible', timeout: 90_000 })
  if ((await result.getAttribute('data-status')) === 'ok') return { ok: true, hash: (await result.locator('[data-value]').getAttribute('data-value')) as Hex }
  return { ok: false, message: (await result.textContent()) ?? '' }
}

/** The demo's "Sign message", approved in the frame; resolves with the signature. */
async function demoSign(d: DemoPage): Promise<Hex> {
  await d.page.getByTestId('demo-sign').click()
  await approveInFrame(d.page)
  const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
  await result.waitFor({ state: 'visible', timeout: 30_000 })
  return (await result.locator('[data-value]').getAttribute('data-value')) as Hex
}

/** Starts an EIP-1193 request on the auth connector's provider in the page; `result()` awaits its answer. */
async function startRequest(d: DemoPage, method: string, params: unknown[]) {
  const key = `__req_${Math.random().toString(36).slice(2)}`
  await d.page.evaluate(
    ([k, m, p]) => {
      const w = window as any
      w[k] = w.__portico
        .getConnector('auth')
        .getProvider('eip155')
        .then((provider: any) => provider.request({ method: m, params: p }))
        .then((value: unknown) => ({ ok: true, value }), (error: any) => ({ ok: false, message: String(error?.message ?? error) }))
    },
    [key, method, params] as const,
  )
  return { result: () => d.page.evaluate((k) => (window as any)[k], key) as Promise<{ ok: boolean; value?: any; message?: string }> }
}

/** Opens the Account view, switches to `type` in the AccountType view, and waits until the kernel uses it. */
async function switchAccount(d: DemoPage, type: 'eoa' | 'smartAccount', shot?: string) {
  if (!(await d.page.getByTestId('view-Account').isVisible())) await d.page.getByTestId('connect-button').click()
  await d.page.getByTestId('view-Account').waitFor({ state: 'visible' })
  await d.page.getByTestId('account-account-type').click()
  await d.page.getByTestId('view-AccountType').waitFor({ state: 'visible' })
  if (shot) {
    // an earlier toast (a failed send) would cover the title
    await d.page.getByTestId('toast').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined)
    await settled(d)
    await screenshot(d.page, shot)
  }
  await d.page.getByTestId(`account-type-${type}`).click()
  await d.page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
  await d.page.waitForFunction((t) => (window as any).__portico.getState().chains.accounts.eip155?.preferredAccountType === t, type, { timeout: 30_000 })
  await d.page.locator(`[data-testid=account-type][data-type=${type}]`).waitFor({ state: 'visible' })
}

describe('smart accounts in the embedded wallet', () => {
  it('the smart account is the default on 31337: its first send deploys it, a three-call batch is one user operation; then the eoa sends and signs', async () => {
    const d = await open('light')
    const smart = (await loginWithEmail(d.page, frameUrl, freshEmail('smart'))) as Address
    const account = await eip155(d)
    expect(account.preferredAccountType).toBe('smartAccount')
    expect(account.smartAccountDeployed).toBe(false)
    const eoa = account.allAccounts.find((a) => a.type === 'eoa')!.address as Address
    expect(account.allAccounts).toEqual([
      { address: smart, type: 'smartAccount' },
      { address: eoa, type: 'eoa' },
    ])
    expect(eoa.toLowerCase()).not.toBe(smart.toLowerCase())
    // SPEC §3: the frame told which chains have smart accounts (both local chains run a bundler)
    expect(await d.page.evaluate(() => [31337, 31338, 1].map((id) => (window as any).__portico.getConnector('auth').smartAccountEnabled(id)))).toEqual([true, true, false])
    expect(await chains[31337].getCode({ address: smart })).toBeUndefined()

    // the first send deploys the account; the paymaster pays the gas, the account only the 0.01 ETH it sends
    await fund(smart, '1')
    const before = await chains[31337].getBalance({ address: SEND_TO })
    const sent = await demoSend(d, 'smart-account-approve-send-light')
    if (!sent.ok) throw new Error(`send failed: ${sent.message}`)
    const receipt = await chains[31337].getTransactionReceipt({ hash: sent.hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(ENTRY_POINT.toLowerCase())
    expect(await chains[31337].getCode({ address: smart })).toMatch(/^0x[0-9a-f]{10,}/)
    expect((await chains[31337].getBalance({ address: SEND_TO })) - before).toBe(parseEther('0.01'))
    expect(await chains[31337].getBalance({ address: smart })).toBe(parseEther('0.99'))
    // the Account view's state follows: the account is deployed now
    await d.page.waitForFunction(() => (window as any).__portico.getState().chains.accounts.eip155?.smartAccountDeployed === true, undefined, { timeout: 15_000 })

    // wallet_getCapabilities: atomic batches on this chain
    const caps = await (await startRequest(d, 'wallet_getCapabilities', [smart, ['0x7a69']])).result()
    expect(caps).toMatchObject({ ok: true, value: { '0x7a69': { atomic: { status: 'supported' } } } })

    // three calls, one user operation
    const receivers = ['0x90F79bf6EB2c4f870365E785982E1f101E93b906', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'] as Address[]
    const balances = await Promise.all(receivers.map((address) => chains[31337].getBalance({ address })))
    const batch = await startRequest(d, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls: receivers.map((to, i) => ({ to, value: toHex(parseEther('0.001') * BigInt(i + 1)) })) },
    ])
    await approveInFrame(d.page, () => screenshot(d.page, 'smart-account-approve-batch-light'))
    const batchResult = await batch.result()
    expect(batchResult.ok, batchResult.message).toBe(true)
    const id = batchResult.value.id as string
    let status: any
    for (let i = 0; i < 60; i++) {
      status = (await (await startRequest(d, 'wallet_getCallsStatus', [id])).result()).value
      if (status?.status !== 100) break
      await d.page.waitForTimeout(500)
    }
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(1)
    const batchReceipt = await chains[31337].getTransactionReceipt({ hash: status.receipts[0].transactionHash })
    const userOps = batchReceipt.logs.filter((l) => l.address.toLowerCase() === ENTRY_POINT.toLowerCase() && l.topics[0] === USER_OPERATION_EVENT)
    expect(userOps).toHaveLength(1)
    for (const [i, address] of receivers.entries()) {
      expect((await chains[31337].getBalance({ address })) - balances[i]!).toBe(parseEther('0.001') * BigInt(i + 1))
    }

    // the Account view says which account is in use, and switches to the eoa
    await d.page.getByTestId('connect-button').click()
    await d.page.locator('[data-testid=account-type][data-type=smartAccount]').waitFor({ state: 'visible' })
    await settled(d)
    await screenshot(d.page, 'smart-account-account-light')
    await switchAccount(d, 'eoa', 'smart-account-type-light')
    expect((await eip155(d)).address).toBe(eoa)
    await settled(d)
    await screenshot(d.page, 'smart-account-account-eoa-light')
    await d.page.keyboard.press('Escape')

    // the eoa sends an ordinary transaction and signs with its key
    await fund(eoa, '1')
    const fromEoa = await demoSend(d)
    if (!fromEoa.ok) throw new Error(`eoa send failed: ${fromEoa.message}`)
    const eoaReceipt = await chains[31337].waitForTransactionReceipt({ hash: fromEoa.hash, timeout: 20_000 })
    expect(eoaReceipt.from.toLowerCase()).toBe(eoa.toLowerCase())
    expect(eoaReceipt.to?.toLowerCase()).toBe(SEND_TO.toLowerCase())
    const eoaSignature = await demoSign(d)
    expect(await verifyOnChain(eoa, eoaSignature)).toBe(true)
    // the eoa's signature is not the smart account's
    expect(await verifyOnChain(smart, eoaSignature)).toBe(false)
    expect(d.pageErrors).toEqual([])
  })

  // viem asks the account itself (ERC-1271 `isValidSignature`, which the stack's SimpleAccount1271 adds to the 0.7.0
  // SimpleAccount), through the ERC-6492 validator that deploys it in a simulation before it exists
  it("the smart account's signatures verify with viem before deployment (ERC-6492) and after (ERC-1271)", async () => {
    const d = await open('light')
    const smart = (await loginWithEmail(d.page, frameUrl, freshEmail('signs'))) as Address
    expect((await eip155(d)).preferredAccountType).toBe('smartAccount')
    const early = await demoSign(d)
    await fund(smart, '1')
    const sent = await demoSend(d)
    if (!sent.ok) throw new Error(`send failed: ${sent.message}`)
    expect(await chains[31337].getCode({ address: smart })).toMatch(/^0x[0-9a-f]{10,}/)
    const late = await demoSign(d)
    expect(early).not.toBe(late)
    expect(await verifyOnChain(smart, early), 'before deployment (ERC-6492)').toBe(true)
    expect(await verifyOnChain(smart, late), 'after deployment (ERC-1271)').toBe(true)
    // another message does not verify with either, and the account's signature is not its owner eoa's
    expect(await chains[31337].verifyMessage({ address: smart, message: 'another message', signature: late })).toBe(false)
    expect(await chains[31337].verifyMessage({ address: smart, message: 'another message', signature: early })).toBe(false)
    const eoa = (await eip155(d)).allAccounts.find((a) => a.type === 'eoa')!.address as Address
    expect(await verifyOnChain(eoa, late)).toBe(false)
    expect(d.pageErrors).toEqual([])
  })

  it('with the bundler unreachable a smart-account send fails clearly, and the eoa still works', async () => {
    const d = await open('dark')
    const smart = (await loginWithEmail(d.page, frameUrl, freshEmail('nobundler'))) as Address
    expect((await eip155(d)).preferredAccountType).toBe('smartAccount')
    await d.page.getByTestId('connect-button').click()
    await d.page.locator('[data-testid=account-type][data-type=smartAccount]').waitFor({ state: 'visible' })
    await settled(d)
    await screenshot(d.page, 'smart-account-account-dark')
    await d.page.keyboard.press('Escape')

    // the frame cannot reach the bundler (connection refused, as with the bundler stopped)
    const bundlerPort = new URL(stack.urls.bundler).port
    await d.context.route((url) => url.port === bundlerPort, (route) => route.abort('connectionrefused'))
    await fund(smart, '1')
    const failed = await demoSend(d)
    expect(failed.ok).toBe(false)
    expect(failed.ok ? '' : failed.message).toContain('The smart account service is unavailable')
    expect(await chains[31337].getCode({ address: smart })).toBeUndefined()

    await switchAccount(d, 'eoa', 'smart-account-type-dark')
    await settled(d)
    await screenshot(d.page, 'smart-account-account-eoa-dark')
    await d.page.keyboard.press('Escape')
    const eoa = (await eip155(d)).address as Address
    await fund(eoa, '1')
    const sent = await demoSend(d)
    if (!sent.ok) throw new Error(`eoa send failed: ${sent.message}`)
    expect((await chains[31337].waitForTransactionReceipt({ hash: sent.hash, timeout: 20_000 })).from.toLowerCase()).toBe(eoa.toLowerCase())
  })

  it('a user operation the EntryPoint rejects (the paymaster signed other data) fails with its AA reason and moves nothing; the next one goes through', async () => {
    const d = await open('dark')
    const smart = (await loginWithEmail(d.page, frameUrl, freshEmail('rejected'))) as Address
    expect((await eip155(d)).preferredAccountType).toBe('smartAccount')
    await fund(smart, '1')
    // the api's real paymaster signs; the page receives paymasterData = abi.encode(validUntil, validAfter) ‖ signature
    // with validUntil one second earlier, so the VerifyingPaymaster recovers another signer: the EntryPoint's
    // validation fails ("AA34 signature error") and the bundler refuses the operation
    const paymasterPath = new URL(`${stack.urls.api}/v1/paymaster/31337`)
    let tampered = 0
    const tamper = (url: URL) => url.port === paymasterPath.port && url.pathname === paymasterPath.pathname
    await d.context.route(tamper, async (route) => {
      const body = route.request().method() === 'POST' ? (route.request().postDataJSON() as { method?: string }) : undefined
      if (body?.method !== 'pm_getPaymasterData') return route.fallback()
      const response = await route.fetch()
      const answer = (await response.json()) as { result: { paymasterData: Hex } }
      const data = answer.result.paymasterData
      answer.result.paymasterData = concatHex([numberToHex(hexToBigInt(sliceHex(data, 0, 32)) - 1n, { size: 32 }), sliceHex(data, 32)])
      tampered++
      await route.fulfill({ response, json: answer })
    })
    const failed = await demoSend(d)
    expect(tampered).toBeGreaterThan(0)
    expect(failed.ok).toBe(false)
    expect(failed.ok ? '' : failed.message).toContain('The smart account operation was rejected: AA34 signature error')
    // the modal shows SPEC §8's send-failure toast; the reason above is what the app's request rejects with
    await d.page.locator('[data-testid=toast][data-variant=error]', { hasText: 'Something went wrong' }).waitFor({ state: 'visible', timeout: 10_000 })
    await d.page.getByTestId('demo-send-result').scrollIntoViewIfNeeded()
    await settled(d)
    await screenshot(d.page, 'smart-account-rejected-dark')
    expect(await chains[31337].getCode({ address: smart })).toBeUndefined()
    expect(await chains[31337].getBalance({ address: smart })).toBe(parseEther('1'))

    // with the paymaster's data as signed, the same send deploys the account and lands
    await d.context.unroute(tamper)
    const before = await chains[31337].getBalance({ address: SEND_TO })
    const sent = await demoSend(d)
    if (!sent.ok) throw new Error(`send failed: ${sent.message}`)
    expect(await chains[31337].getCode({ address: smart })).toMatch(/^0x[0-9a-f]{10,}/)
    expect((await chains[31337].getBalance({ address: SEND_TO })) - before).toBe(parseEther('0.01'))
  })

  it("a host's defaultAccountTypes overrides the chain's default: with { 'eip155:31337': 'eoa' } the eoa is the account in use after login", async () => {
    // the demo passes `?accountTypes=` to the embedded wallet as `defaultAccountTypes` (hosts/demo/src/config.ts)
    const d = await open('light', { accountTypes: 'eip155:31337=eoa' })
    const address = (await loginWithEmail(d.page, frameUrl, freshEmail('eoadefault'))) as Address
    const account = await eip155(d)
    expect(account.preferredAccountType).toBe('eoa')
    const eoa = account.allAccounts.find((a) => a.type === 'eoa')!.address
    const smart = account.allAccounts.find((a) => a.type === 'smartAccount')!.address
    expect(address).toBe(eoa)
    expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
    // the Account view says the eoa is in use, and still offers the smart account
    await d.page.getByTestId('connect-button').click()
    await d.page.locator('[data-testid=account-type][data-type=eoa]').waitFor({ state: 'visible' })
    await d.page.getByTestId('account-account-type').waitFor({ state: 'visible' })
    await d.page.keyboard.press('Escape')

    // a send is an ordinary transaction from the eoa, a signature the eoa key's
    await fund(address, '1')
    const sent = await demoSend(d)
    if (!sent.ok) throw new Error(`eoa send failed: ${sent.message}`)
    const receipt = await chains[31337].waitForTransactionReceipt({ hash: sent.hash, timeout: 20_000 })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(SEND_TO.toLowerCase())
    const signature = await demoSign(d)
    expect(await recoverMessageAddress({ message: DEMO_MESSAGE, signature })).toBe(address)
    expect(await verifyOnChain(address, signature)).toBe(true)
    // the smart account was never used
    expect(await chains[31337].getCode({ address: smart as Address })).toBeUndefined()
    expect(d.pageErrors).toEqual([])
  })
})
