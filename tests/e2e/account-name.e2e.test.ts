/**
 * Names shown across the modal (issue 20, item 3): an account registers a name on the reference api with a
 * signature of its own key (POST /v1/profile/account, verified through the chain's RPC); connected through the Dev
 * Wallet with that key, the connect button, the Account header and the demo page show the name; another account
 * sends ETH to the name, the send form resolves it to the address, and the receiver's balance grows by exactly that.
 * Each test uses fresh keys, so no other e2e file's accounts get a name.
 */
import { ApiNameLookupSchema, profileRegisterMessage } from '@portico/contracts/api'
import { coinTypeForChainId } from '@portico/contracts/spec'
import { parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, inject } from 'vitest'
import { demoUrl, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, connectDevWallet, openAccountView, truncated } from '../utils/devWallet.ts'
import { fillSend, fundedAccount, successToast, until } from '../utils/send.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]
const DEV_QUERY = 'projectId=portico-dev&st=e2e&sv=e2e'

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** Registers `label` for the account of `key` on the api and returns the full name it registered. */
async function register(key: Hex, label: string): Promise<string> {
  const account = privateKeyToAccount(key)
  const message = profileRegisterMessage(label, Math.floor(Date.now() / 1000))
  const res = await fetch(`${stack.urls.api}/v1/profile/account?${DEV_QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: coinTypeForChainId(31337), address: account.address, message, signature: await account.signMessage({ message }) }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return ApiNameLookupSchema.parse(await res.json()).name
}

const label = (prefix: string) => `${prefix}-${Math.random().toString(16).slice(2, 10)}`

describe('names shown', () => {
  it.each(['light', 'dark'] as const)('the connect button, the Account header and the demo show the registered name (%s)', async (theme) => {
    const key = generatePrivateKey()
    const name = await register(key, label('e2e-header'))
    expect(name).toMatch(/^e2e-header-[0-9a-f]{8}\.portico\.id$/)

    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
    const { page } = demo
    await page.evaluate((k) => (window as any).__porticoDevWallet.useKey(k), key)
    await connectDevWallet(demo)
    await page.getByTestId('demo-name').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('demo-name').textContent()).toBe(name)
    expect(await page.getByTestId('demo-address').textContent()).toBe(truncated(privateKeyToAccount(key).address))
    await page.waitForFunction((n) => document.querySelector('[data-testid=connect-button]')?.textContent?.includes(n), name, { timeout: 20_000 })

    await openAccountView(page)
    await page.waitForFunction((n) => document.querySelector('[data-testid=account-address]')?.textContent?.startsWith(n), name, { timeout: 20_000 })
    await page.waitForTimeout(300)
    await screenshot(page, `account-name-${theme}`)
  })

  it('another account sends ETH to the name: the form resolves it, the preview names the receiver, the receiver gets exactly that', async () => {
    const receiverKey = generatePrivateKey()
    const receiver = privateKeyToAccount(receiverKey).address
    const name = await register(receiverKey, label('e2e-receiver'))
    const sender = await fundedAccount(stack, chain, parseEther('10'), '1')
    const before = await chain.getBalance({ address: receiver })

    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme: 'light' }), { colorScheme: 'light' })
    const { page } = demo
    await page.evaluate((k) => (window as any).__porticoDevWallet.useKey(k), sender.key)
    await connectDevWallet(demo)
    await openAccountView(page)
    await fillSend(page, 'ETH', '0.25', name)
    await page.getByTestId('send-receiver-resolved').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-receiver-resolved').textContent()).toBe(`Sends to ${truncated(receiver)}`)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-to-name-light')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('view-WalletSendPreview').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-preview-receiver').textContent()).toBe(name)
    expect(await page.getByTestId('send-preview-receiver-address').textContent()).toBe(truncated(receiver))
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    expect(await until(() => chain.getBalance({ address: receiver }), before + parseEther('0.25'))).toBe(before + parseEther('0.25'))
  })

  it('a name nobody registered is refused in the send form with a clear message', async () => {
    const sender = await fundedAccount(stack, chain, parseEther('1'), '1')
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    const { page } = demo
    await page.evaluate((k) => (window as any).__porticoDevWallet.useKey(k), sender.key)
    await connectDevWallet(demo)
    await openAccountView(page)
    const nobody = `${label('nobody')}.portico.id`
    await fillSend(page, 'ETH', '0.1', nobody)
    await page.getByTestId('send-submit').click()
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid=send-address-error]')?.textContent === `No address is registered for ${n}.`,
      nobody,
      { timeout: 20_000 },
    )
    expect(await page.getByTestId('view-WalletSendPreview').count()).toBe(0)
  })
})
