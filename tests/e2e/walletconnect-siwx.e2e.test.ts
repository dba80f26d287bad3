/**
 * One-click sign-in through WalletConnect in Chromium (SPEC §4): the demo with `?siwx=1` (sign-in verified and kept
 * by the stack's api) proposes eip155 chains only, so the pairing carries the sign-in request; the WalletKit test
 * wallet (in Node, on the stack's relay) signs the SIWE message while it approves. One pairing: the page is connected
 * and signed in, the api lists the session, and the SIWXSignMessage prompt never shows. The message is checked by an
 * independent implementation (viem's SIWE parser and signature check).
 */
import { verifyMessage, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../anvil/index.ts'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import type {} from '../utils/stack.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const [alice] = ANVIL_ACCOUNTS

type SessionLike = { data: { chainId: string; accountAddress: string; nonce: string; domain: string }; message: string; signature: string }
const session = (d: DemoPage) => kernelState<SessionLike | undefined>(d.page, 's => s.siwx?.session')

/** The sessions the stack's api lists as live for an account of the demo's project. */
async function liveSessions(address: string): Promise<{ pci: string; message: string; chainId: string }[]> {
  const res = await fetch(`${stack.urls.api}/v1/sessions/${address}?projectId=portico-dev&st=e2e&sv=1`, { headers: { origin: new URL(stack.urls.demo).origin } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { pcis: { pci: string; message: string; chainId: string }[] }).pcis
}

/** Records in the page whether the sign-in prompt ever showed (it must not, even for a moment). */
async function watchPrompt(d: DemoPage) {
  await d.page.evaluate(() => {
    const w = window as unknown as { __promptSeen: boolean }
    w.__promptSeen = false
    const seen = () => {
      if (document.querySelector('[data-testid=view-SIWXSignMessage], [data-testid=view-ConnectingSiwe]')) w.__promptSeen = true
    }
    new MutationObserver(seen).observe(document.documentElement, { subtree: true, childList: true })
  })
}
const promptSeen = (d: DemoPage) => d.page.evaluate(() => (window as unknown as { __promptSeen: boolean }).__promptSeen)

describe('WalletConnect one-click sign-in in the demo', () => {
  let demo: DemoPage
  let wallet: WalletConnectWallet

  beforeAll(async () => {
    wallet = await createWalletConnectWallet({ relayUrl: stack.urls.relay, rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 } })
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', siwx: '1' }))
  })
  afterAll(async () => {
    await demo?.close()
    await wallet?.close()
  })

  it('one pairing: connected and signed in, the api lists the session, no sign-in prompt', async () => {
    const { page } = demo
    const proposals: Array<{ requests?: { authentication?: Array<{ chains: string[]; domain: string; nonce: string }> } }> = []
    wallet.on('proposal', (p) => proposals.push(p))
    await watchPrompt(demo)
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('connector-walletConnect').click()
    const qr = page.locator('[data-testid=wc-qr][data-uri]')
    await qr.waitFor({ state: 'visible', timeout: 30_000 })
    await wallet.pair((await qr.getAttribute('data-uri'))!)

    await waitForState(page, `s => s.chains.accounts.eip155?.address?.toLowerCase() === '${alice.address.toLowerCase()}' && Boolean(s.siwx?.session)`, 30_000)
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })

    // the pairing carried the request; the wallet signed once, during the pairing, and was asked nothing after
    const request = proposals[0]!.requests!.authentication![0]!
    expect(request).toMatchObject({ chains: ['eip155:31337', 'eip155:31338'], domain: new URL(stack.urls.demo).host })
    expect(wallet.authentications).toHaveLength(1)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toEqual([])

    // the session: the text the wallet signed, for the account, verified by viem
    const signed = (await session(demo))!
    expect(signed.message).toBe(wallet.authentications[0]!.message)
    expect(signed.data).toMatchObject({ chainId: 'eip155:31337', nonce: request.nonce, domain: new URL(stack.urls.demo).host })
    expect(parseSiweMessage(signed.message)).toMatchObject({ address: alice.address, chainId: 31337, nonce: request.nonce, uri: new URL(stack.urls.demo).origin })
    expect(await verifyMessage({ address: alice.address, message: signed.message, signature: signed.signature as Hex })).toBe(true)

    // the api checked it like any other and lists it
    const listed = await liveSessions(alice.address)
    expect(listed.filter((s) => s.message === signed.message)).toEqual([expect.objectContaining({ chainId: 'eip155:31337' })])

    // the prompt never showed, not even for a moment
    await page.waitForTimeout(500)
    expect(await promptSeen(demo)).toBe(false)
    expect(await kernelState(page, 's => s.siwx.pending ?? null')).toBe(null)
    await screenshot(page, 'walletconnect-siwx-one-click', { fullPage: true })
    expect(demo.pageErrors).toEqual([])
  })

  it('a reload keeps the session; still no prompt', async () => {
    const { page } = demo
    const before = (await session(demo))!
    await page.reload()
    await watchPrompt(demo)
    await waitForState(page, `s => s.chains.accounts.eip155?.status === 'connected' && Boolean(s.siwx?.session)`, 30_000)
    expect((await session(demo))!.signature).toBe(before.signature)
    await page.waitForTimeout(500)
    expect(await promptSeen(demo)).toBe(false)
  })
})
