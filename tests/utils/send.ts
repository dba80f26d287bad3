/**
 * E2E helpers for the wallet features (Send, Receive) on the stack's first anvil chain: accounts of a test's own,
 * funded on the spot so no other e2e file's balances or nonces move under it, and the send form driven as a
 * visitor does.
 */
import type { Page } from 'playwright-core'
import { createWalletClient, erc20Abi, http, parseUnits, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import type { E2EStack } from './stack.ts'

/**
 * anvil's fourth dev account (public, from its default mnemonic): it holds PTD and ETH and only the send tests use
 * it, to fund each test's own account.
 */
const FUNDER = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')

/** A fresh key with `eth` ETH (set on the chain) and `ptd` PTD (sent from the funder, mined before it returns). */
export async function fundedAccount(stack: E2EStack, chain: PublicClient, eth: bigint, ptd: string): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey()
  const address = privateKeyToAddress(key)
  await rpc(stack.urls.anvil, 'anvil_setBalance', [address, toHex(eth)])
  const token = stack.token!
  const wallet = createWalletClient({ account: FUNDER, transport: http(stack.urls.anvil) })
  const hash = await wallet.writeContract({
    address: token.addresses['31337']!,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, parseUnits(ptd, token.decimals)],
    chain: null,
  })
  await chain.waitForTransactionReceipt({ hash })
  return { key, address }
}

/** An address nobody used yet, so the receiver's balance before is known (zero). */
export const freshAddress = (): Address => privateKeyToAddress(generatePrivateKey())

/** One JSON-RPC call to a local chain (anvil's cheat codes). */
export async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** Waits for `read()` to return `expected` (balances change once the transaction is mined). */
export async function until<T>(read: () => Promise<T>, expected: T, timeout = 30_000): Promise<T> {
  const deadline = Date.now() + timeout
  let value = await read()
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250))
    value = await read()
  }
  return value
}

/** Opens a wallet feature from the Account view (`account-feature-<id>`). */
export async function openFeature(page: Page, id: 'send' | 'receive'): Promise<void> {
  const button = page.getByTestId(`account-feature-${id}`)
  await button.waitFor({ state: 'visible', timeout: 30_000 })
  await button.click()
}

/** Fills the send form: the token, the amount, and the receiver typed key by key. */
export async function fillSend(page: Page, symbol: string, amount: string, receiver: string): Promise<void> {
  await openFeature(page, 'send')
  await page.getByTestId('view-WalletSend').waitFor({ state: 'visible', timeout: 30_000 })
  const token = page.getByTestId(`send-token-${symbol}`)
  await token.waitFor({ state: 'visible', timeout: 30_000 })
  await token.click()
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-address').pressSequentially(receiver, { delay: 5 })
}

/** The success toast ("Transaction started"). */
export const successToast = (page: Page) => page.locator('[data-testid=toast][data-variant=success]')
