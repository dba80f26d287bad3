/**
 * The wagmi example (hosts/wagmi-example): a wagmi app (its own WagmiProvider, QueryClientProvider and hooks) with
 * Portico's ConnectButton, wagmi following the kernel through @portico/wagmi. With the Dev Wallet: connecting in the
 * modal shows in useAccount; useSignMessage's signature verifies; useSendTransaction lands on anvil; useSwitchChain
 * moves the modal's network; disconnecting from either side disconnects both; a reload restores both, no prompt.
 * With WalletConnect (the WalletKit test wallet in Node, on the stack's relay): the same hooks on the paired session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest'
import { formatEther, verifyMessage, type Hex } from 'viem'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { DEV_ADDRESS, DEV_CONNECTOR, PROMPTING_METHODS, chainClients, openAccountView, waitForText, walletMethods, waitUntilStill } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chains = chainClients(stack)
const SIGN_MESSAGE = 'Hello from a wagmi app on Portico'

let host: DemoPage | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

async function open(query: Record<string, string> = {}) {
  host = await openPage(demoUrl(stack.urls.wagmi, { debug: '1', ...query }))
  return host
}

/** Connects the Dev Wallet in the Portico modal; wagmi's useAccount then shows it. */
async function connectInModal(h: DemoPage) {
  await h.page.getByTestId('connect-button').click()
  await h.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await waitUntilStill(h.page, DEV_CONNECTOR)
  await h.page.getByTestId(DEV_CONNECTOR).click()
  await h.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  await waitForText(h.page, 'wagmi-status', 'connected')
}

const wagmiAccount = (h: DemoPage) =>
  h.page.evaluate(() => {
    const config = (window as any).__wagmi
    const connection = config.state.connections.get(config.state.current)
    return { status: config.state.status as string, address: connection?.accounts[0] as string | undefined, chainId: connection?.chainId as number | undefined }
  })

describe('wagmi example', () => {
  it('connect in the modal → useAccount and useBalance show it; useSignMessage verifies; useSendTransaction lands', async () => {
    const h = await open()
    await expect(h.page.title()).resolves.toBe('Portico + wagmi')
    expect(await h.page.getByTestId('wagmi-status').textContent()).toBe('disconnected')
    await screenshot(h.page, 'wagmi-example-disconnected-light')

    // as the example shows it (its own rounding, not the modal's floor)
    const formatted = async () => `${Number(formatEther(await chains[31337].getBalance({ address: DEV_ADDRESS }))).toFixed(3)} ETH`
    const beforeConnect = await formatted()
    await connectInModal(h)
    expect(await h.page.getByTestId('wagmi-address').textContent()).toBe(DEV_ADDRESS)
    expect(await h.page.getByTestId('wagmi-chain').getAttribute('data-chain-id')).toBe('31337')
    // useBalance reads once; the shared dev account's balance may move by another file's gas between that read and
    // ours, so the shown balance is the chain's from before the connect or from now
    await expect
      .poll(async () => {
        const shown = (await h.page.getByTestId('wagmi-balance').textContent())?.trim()
        return shown === beforeConnect || shown === (await formatted()) ? 'from the chain' : `${shown} (chain: ${beforeConnect} → ${await formatted()})`
      }, { timeout: 20_000, interval: 250 })
      .toBe('from the chain')

    await h.page.getByTestId('wagmi-sign').click()
    await h.page.getByTestId('wagmi-signature').waitFor({ state: 'visible', timeout: 30_000 })
    const signature = (await h.page.getByTestId('wagmi-signature').textContent()) as Hex
    expect(await verifyMessage({ address: DEV_ADDRESS, message: SIGN_MESSAGE, signature })).toBe(true)

    await h.page.getByTestId('wagmi-send-to').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await h.page.getByTestId('wagmi-send').click()
    await h.page.getByTestId('wagmi-tx-status').waitFor({ state: 'visible', timeout: 30_000 })
    const hash = (await h.page.getByTestId('wagmi-tx').textContent()) as Hex
    const receipt = await chains[31337].getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: DEV_ADDRESS.toLowerCase(), to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })
    expect(await h.page.getByTestId('wagmi-tx-status').textContent()).toBe(`Mined in block ${receipt.blockNumber}`)
    await screenshot(h.page, 'wagmi-example-light', { fullPage: true })
    expect(h.pageErrors).toEqual([])
  })

  it('useSwitchChain → the modal shows the new network; switching in the modal → useAccount follows', async () => {
    const h = await open()
    await connectInModal(h)
    await h.page.getByTestId('wagmi-switch-31338').click()
    await waitForText(h.page, 'wagmi-chain', 'Anvil 2 (31338)')
    expect(await kernelState(h.page, 's => s.chains.activeCaipNetworkId')).toBe('eip155:31338')
    await openAccountView(h.page)
    expect(await h.page.getByTestId('account-network').textContent()).toContain('Anvil 2')

    // and back from the modal's network list
    await h.page.getByTestId('account-network').click()
    await h.page.getByTestId('network-eip155:31337').click()
    await waitForText(h.page, 'wagmi-chain', 'Anvil (31337)')
    expect((await wagmiAccount(h)).chainId).toBe(31337)
    expect(h.pageErrors).toEqual([])
  })

  it('disconnect from wagmi disconnects the modal; disconnect from the modal disconnects wagmi', async () => {
    const h = await open()
    await connectInModal(h)
    await h.page.getByTestId('wagmi-disconnect').click()
    await waitForText(h.page, 'wagmi-status', 'disconnected')
    await h.page.waitForFunction(() => (window as any).__portico.getState().chains.accounts.eip155?.status !== 'connected')

    await connectInModal(h)
    await openAccountView(h.page)
    await h.page.getByTestId('account-disconnect').click()
    await waitForText(h.page, 'wagmi-status', 'disconnected')
    expect((await wagmiAccount(h)).status).toBe('disconnected')
    expect(h.pageErrors).toEqual([])
  })

  it('a reload restores both the modal\'s session and wagmi\'s connection, with no prompt', async () => {
    const h = await open()
    await connectInModal(h)
    await h.page.getByTestId('wagmi-switch-31338').click()
    await waitForText(h.page, 'wagmi-chain', 'Anvil 2 (31338)')

    await h.page.reload({ waitUntil: 'load' })
    await waitForText(h.page, 'wagmi-status', 'connected')
    expect(await h.page.getByTestId('wagmi-address').textContent()).toBe(DEV_ADDRESS)
    expect(await h.page.getByTestId('wagmi-chain').getAttribute('data-chain-id')).toBe('31338')
    expect(await kernelState(h.page, 's => s.chains.accounts.eip155?.status')).toBe('connected')
    // the Dev Wallet's request log starts afresh with the page: nothing since the reload asked the visitor
    const prompts = (await walletMethods(h.page)).filter((m) => PROMPTING_METHODS.includes(m))
    expect(prompts).toEqual([])
    await openAccountView(h.page)
    expect(await h.page.getByTestId('account-network').textContent()).toContain('Anvil 2')
    expect(h.pageErrors).toEqual([])
  })

  it('looks finished in both themes', async () => {
    const h = await open({ theme: 'dark' })
    await connectInModal(h)
    await h.page.getByTestId('wagmi-sign').click()
    await h.page.getByTestId('wagmi-signature').waitFor({ state: 'visible', timeout: 30_000 })
    await screenshot(h.page, 'wagmi-example-dark', { fullPage: true })
    await openAccountView(h.page)
    await h.page.waitForTimeout(300)
    await screenshot(h.page, 'wagmi-example-account-dark')
    await h.page.keyboard.press('Escape')
    await h.page.getByTestId('wagmi-theme').click()
    expect(await h.page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    expect(await kernelState(h.page, 's => s.theme.themeMode')).toBe('light')
  })
})

describe('wagmi example with WalletConnect', () => {
  let wallet: WalletConnectWallet
  let h: DemoPage

  beforeAll(async () => {
    wallet = await createWalletConnectWallet({ relayUrl: stack.urls.relay, rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 } })
    h = await openPage(demoUrl(stack.urls.wagmi, { debug: '1' }))
  })
  afterAll(async () => {
    await h?.close()
    await wallet?.close()
  })

  it('pairing from the QR code → useAccount shows it; useSignMessage verifies; useSendTransaction lands', async () => {
    await h.page.getByTestId('connect-button').click()
    await h.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await h.page.getByTestId('connector-walletConnect').click()
    const qr = h.page.locator('[data-testid=wc-qr][data-uri]')
    await qr.waitFor({ state: 'visible', timeout: 30_000 })
    await wallet.pair((await qr.getAttribute('data-uri'))!)
    await waitForText(h.page, 'wagmi-status', 'connected', 30_000)
    expect(await h.page.getByTestId('wagmi-address').textContent()).toBe(DEV_ADDRESS)
    expect(await kernelState(h.page, 's => s.chains.accounts.eip155?.connectorId')).toBe('walletConnect')

    await h.page.getByTestId('wagmi-sign').click()
    await h.page.getByTestId('wagmi-signature').waitFor({ state: 'visible', timeout: 30_000 })
    const signature = (await h.page.getByTestId('wagmi-signature').textContent()) as Hex
    expect(await verifyMessage({ address: DEV_ADDRESS, message: SIGN_MESSAGE, signature })).toBe(true)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign').at(-1)).toMatchObject({ outcome: 'approved' })

    await h.page.getByTestId('wagmi-send-to').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await h.page.getByTestId('wagmi-send').click()
    await h.page.getByTestId('wagmi-tx-status').waitFor({ state: 'visible', timeout: 30_000 })
    const hash = (await h.page.getByTestId('wagmi-tx').textContent()) as Hex
    expect(await chains[31337].getTransactionReceipt({ hash })).toMatchObject({ status: 'success', from: DEV_ADDRESS.toLowerCase() })
  })

  it('useSwitchChain moves the session and the modal; a reload restores both; the wallet ending it disconnects wagmi', async () => {
    await h.page.getByTestId('wagmi-switch-31338').click()
    await waitForText(h.page, 'wagmi-chain', 'Anvil 2 (31338)', 30_000)
    expect(await kernelState(h.page, 's => s.chains.activeCaipNetworkId')).toBe('eip155:31338')

    await h.page.reload({ waitUntil: 'load' })
    await waitForText(h.page, 'wagmi-status', 'connected', 30_000)
    expect(await h.page.getByTestId('wagmi-address').textContent()).toBe(DEV_ADDRESS)
    expect(await h.page.getByTestId('wagmi-chain').getAttribute('data-chain-id')).toBe('31338')

    await wallet.disconnect()
    await waitForText(h.page, 'wagmi-status', 'disconnected', 30_000)
    expect(h.pageErrors).toEqual([])
  })
})
