/**
 * Account data on Solana end to end in Chromium: the Dev Wallet's Solana wallet signs with a fresh keypair of this
 * file's own (`?solanaKey=`) on the stack's local Solana chain, funded from node by a dev key no other e2e file signs
 * with. The Tokens tab (plugin portfolio) shows SOL and PTD with the balances the chain holds, read through the
 * reference api; after SOL and PTD sent to the account from node, the Activity tab (plugin history) lists both
 * transfers. With the EVM and the Solana wallet connected at once, the Networks view lists both namespaces and
 * choosing a network of the other namespace switches the active account. Screenshots in both themes.
 */
import { TOKEN_PROGRAM_ADDRESS, findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase16Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { LAMPORTS_PER_SOL, SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID, SOLANA_PTD, signerFromSeed } from '../solana/keys.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { DEV_ADDRESS, DEV_CONNECTOR, connectDevWallet, floor3, openAccountView, truncated, waitForText } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'
import { SOLANA_DEV_WALLET_CONNECTOR_ID } from '../wallets/solana/devWallet.ts'

const stack = inject('stack')
const rpc = createSolanaRpc(stack.urls.solana)
/** A PTD holder no other e2e file signs with (the Dev Wallet uses keys 0 and 1, the send tests' funder key 3). */
const SENDER = SOLANA_DEV_KEYS[2]!
const PTD_UNIT = 10n ** BigInt(SOLANA_PTD.decimals)
const SOLANA_CONNECTOR = `connector-${SOLANA_DEV_WALLET_CONNECTOR_ID}`
const NATIVE_ROW = `token-${SOLANA_LOCAL_CHAIN_ID}:native`
const PTD_ROW = `token-${SOLANA_LOCAL_CHAIN_ID}:${SOLANA_PTD.mint}`

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** Sends one transaction paid and signed by {@link SENDER} through the chain's JSON-RPC and waits until it is confirmed. */
async function sendFromNode(build: (sender: KeyPairSigner) => Promise<Instruction[]>): Promise<string> {
  const sender = await signerFromSeed(SENDER.seed)
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(sender, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
  )
  const signed = await signTransactionMessageWithSigners(appendTransactionMessageInstructions(await build(sender), message))
  const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
  const deadline = Date.now() + 30_000
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    if (value[0]?.err) throw new Error(`${signature} failed on chain: ${JSON.stringify(value[0].err, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`)
    if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') return signature
    if (Date.now() > deadline) throw new Error(`${signature}: no confirmation after 30 s.`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const sendSol = (to: Address, lamports: bigint) => sendFromNode(async (sender) => [getTransferSolInstruction({ source: sender, destination: to, amount: lamports })])

/** PTD to `to`, its associated token account created when missing (as a wallet sends it). */
const sendPtd = (to: Address, units: bigint) =>
  sendFromNode(async (sender) => {
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: sender.address, mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: to, mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    return [
      getCreateAssociatedTokenIdempotentInstruction({ payer: sender, ata: destination, owner: to, mint: SOLANA_PTD.mint }),
      getTransferCheckedInstruction({ source, mint: SOLANA_PTD.mint, destination, authority: sender, amount: units, decimals: SOLANA_PTD.decimals }),
    ]
  })

/** What the chain holds for `owner`: lamports and PTD units. */
async function chainBalances(owner: Address): Promise<{ lamports: bigint; ptd: bigint }> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [{ value: lamports }, { value: ptd }] = await Promise.all([
    rpc.getBalance(owner, { commitment: 'confirmed' }).send(),
    rpc.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send(),
  ])
  return { lamports, ptd: BigInt(ptd.amount) }
}

/** A fresh keypair of this file's own (its seed for `?solanaKey=`), holding some SOL and PTD sent from node. */
async function freshAccount(): Promise<{ seed: string; address: Address }> {
  const seed = getBase16Decoder().decode(crypto.getRandomValues(new Uint8Array(32)))
  const { address } = await signerFromSeed(seed)
  await sendSol(address, 2n * LAMPORTS_PER_SOL)
  await sendPtd(address, 20n * PTD_UNIT)
  return { seed, address }
}

/** The demo with solana on, the Dev Wallet's Solana wallet signing with `seed`, connected. */
async function openConnected(seed: string, theme: 'light' | 'dark' = 'light'): Promise<DemoPage> {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, solana: '1', solanaKey: seed }), { colorScheme: theme })
  const { page } = demo
  await page.getByTestId('connect-button').click()
  await page.getByTestId(SOLANA_CONNECTOR).click()
  await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  await page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
  return demo
}

/** Waits until the row's quantity reads `expected`. */
async function waitForQuantity(page: DemoPage['page'], rowTestId: string, expected: string): Promise<void> {
  try {
    await page.waitForFunction(
      ([id, text]) => document.querySelector(`[data-testid="${id}"] [data-testid=token-quantity]`)?.textContent?.trim() === text,
      [rowTestId, expected] as const,
      { timeout: 20_000 },
    )
  } catch (error) {
    const shown = await page.getByTestId('portfolio-tokens').textContent().catch(() => null)
    throw new Error(`${rowTestId} should read ${JSON.stringify(expected)}; the Tokens tab shows ${JSON.stringify(shown)}`, { cause: error })
  }
}

describe('Solana account data from the reference api', () => {
  it.each(['light', 'dark'] as const)('the Tokens tab shows SOL and PTD from the chain; Activity lists SOL and PTD received (%s)', async (theme) => {
    const account = await freshAccount()
    const { page } = await openConnected(account.seed, theme)
    expect(await page.getByTestId('demo-address').getAttribute('title')).toBe(account.address)
    expect(await kernelState(page, 's => s.chains.activeCaipNetworkId')).toBe(SOLANA_LOCAL_CHAIN_ID)

    // Tokens: SOL and PTD with what the chain holds, valued from the api's price table
    const held = await chainBalances(account.address)
    expect(held).toEqual({ lamports: 2n * LAMPORTS_PER_SOL, ptd: 20n * PTD_UNIT })
    await openAccountView(page)
    await page.getByTestId('tab-tokens').click()
    await waitForQuantity(page, NATIVE_ROW, `${floor3(held.lamports, 9)} SOL`)
    await waitForQuantity(page, PTD_ROW, `${floor3(held.ptd, SOLANA_PTD.decimals)} PTD`)
    expect(await page.getByTestId(PTD_ROW).getByTestId('token-value').textContent()).toBe('$20.00')
    expect(await page.getByTestId(NATIVE_ROW).getByTestId('token-value').textContent()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
    expect(await page.locator('[data-testid^="token-"][role=listitem]').count()).toBe(2)
    await page.waitForTimeout(400)
    await screenshot(page, `solana-account-tokens-${theme}`)

    // SOL and PTD sent to the account from node: Activity lists both, newest first, with the amounts received
    const solSig = await sendSol(account.address, LAMPORTS_PER_SOL / 2n)
    const ptdSig = await sendPtd(account.address, 3_250_000n)
    await page.getByTestId('tab-activity').click()
    const ptdRow = page.getByTestId(`transaction-${SOLANA_LOCAL_CHAIN_ID}:${ptdSig}`)
    const solRow = page.getByTestId(`transaction-${SOLANA_LOCAL_CHAIN_ID}:${solSig}`)
    await ptdRow.waitFor({ state: 'visible', timeout: 20_000 })
    await solRow.waitFor({ state: 'visible' })
    expect(await ptdRow.getByTestId('transaction-description').textContent()).toBe('+3.250 PTD')
    expect(await solRow.getByTestId('transaction-description').textContent()).toBe('+0.500 SOL')
    const order = await page.$$eval(`[data-testid^="transaction-${SOLANA_LOCAL_CHAIN_ID}"]`, (rows) => rows.map((r) => r.getAttribute('data-testid')))
    // the two sends, then the two that funded the account
    expect(order).toHaveLength(4)
    expect(order.slice(0, 2)).toEqual([`transaction-${SOLANA_LOCAL_CHAIN_ID}:${ptdSig}`, `transaction-${SOLANA_LOCAL_CHAIN_ID}:${solSig}`])
    await page.waitForTimeout(400)
    await screenshot(page, `solana-account-activity-${theme}`)

    // back on Tokens, refresh (bypassing the 30 s cache) shows the balances after the sends
    await page.getByTestId('tab-tokens').click()
    await page.getByTestId('portfolio-refresh').click()
    const after = await chainBalances(account.address)
    await waitForQuantity(page, NATIVE_ROW, `${floor3(after.lamports, 9)} SOL`)
    await waitForQuantity(page, PTD_ROW, `${floor3(after.ptd, SOLANA_PTD.decimals)} PTD`)
    expect(demo!.pageErrors).toEqual([])
  })

  it('with EVM and Solana connected, the Networks view lists both namespaces and switching across them switches the account', async () => {
    const account = await freshAccount()
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', solana: '1', solanaKey: account.seed }))
    const { page } = demo
    await connectDevWallet(demo)
    expect(await kernelState(page, 's => s.chains.activeNamespace')).toBe('eip155')
    // the second wallet: the Connect view again, the Solana wallet
    await page.evaluate(() => (window as any).__portico.open('Connect'))
    await page.getByTestId(SOLANA_CONNECTOR).click()
    await page.waitForFunction(() => (window as any).__portico.getState().chains.accounts.solana?.status === 'connected', undefined, { timeout: 30_000 })
    const accounts = await kernelState<Record<string, { address?: string; status: string }>>(page, 's => s.chains.accounts')
    expect(accounts.eip155).toMatchObject({ address: DEV_ADDRESS, status: 'connected' })
    expect(accounts.solana).toMatchObject({ address: account.address, status: 'connected' })

    await page.evaluate(() => (window as any).__portico.close())
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })
    await openAccountView(page)
    await page.getByTestId('account-network').click()
    await page.getByTestId('view-Networks').waitFor({ state: 'visible', timeout: 10_000 })
    const listed = await page.$$eval('[data-testid^="network-"]', (items) => items.map((i) => i.getAttribute('data-testid')!.slice('network-'.length)))
    expect(listed).toContain('eip155:31337')
    expect(listed).toContain(SOLANA_LOCAL_CHAIN_ID)
    await page.waitForTimeout(300)
    await screenshot(page, 'solana-account-networks-light')

    const active = await kernelState<string>(page, 's => s.chains.activeNamespace')
    const [otherNamespace, otherNetwork, otherAddress] =
      active === 'solana' ? ['eip155', 'eip155:31337', DEV_ADDRESS] : ['solana', SOLANA_LOCAL_CHAIN_ID, account.address]
    await page.getByTestId(`network-${otherNetwork}`).click()
    await page.waitForFunction((ns) => (window as any).__portico.getState().chains.activeNamespace === ns, otherNamespace, { timeout: 20_000 })
    expect(await kernelState(page, 's => s.chains.activeCaipNetworkId')).toBe(otherNetwork)
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 10_000 })
    await waitForText(page, 'account-address', truncated(otherAddress))

    // and back
    const back = otherNamespace === 'solana' ? 'eip155:31337' : SOLANA_LOCAL_CHAIN_ID
    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${back}`).click()
    await page.waitForFunction((id) => (window as any).__portico.getState().chains.activeCaipNetworkId === id, back, { timeout: 20_000 })
    await waitForText(page, 'account-address', truncated(otherNamespace === 'solana' ? DEV_ADDRESS : account.address))
    // the Solana account's tokens show after switching to it
    if (back === SOLANA_LOCAL_CHAIN_ID) {
      await page.getByTestId('tab-tokens').click()
      await waitForQuantity(page, PTD_ROW, `${floor3(20n * PTD_UNIT, SOLANA_PTD.decimals)} PTD`)
    }
    expect(await page.getByTestId(DEV_CONNECTOR).count()).toBe(0)
    expect(demo.pageErrors).toEqual([])
  })
})
