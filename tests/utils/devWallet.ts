/**
 * E2E helpers around the Portico Dev Wallet in the demo page (`window.__porticoDevWallet`, see
 * tests/wallets/evm/browser.ts) and the local chains it signs for.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import { ANVIL_ACCOUNTS } from '../anvil/index.ts'
import type { DemoPage } from './browser.ts'
import type { E2EStack } from './stack.ts'

/** The Dev Wallet's active account (anvil account 0) and the demo's default "Send 0.01 ETH" recipient (account 1). */
export const DEV_ADDRESS = ANVIL_ACCOUNTS[0].address as Address
export const SECOND_ADDRESS = ANVIL_ACCOUNTS[1].address as Address
/** The Dev Wallet's EIP-6963 rdns: its connector id on the Connect view. */
export const DEV_CONNECTOR = 'connector-dev.portico.wallet'

/** Read clients of the stack's two chains. */
export function chainClients(stack: E2EStack): Record<31337 | 31338, PublicClient> {
  return {
    31337: createPublicClient({ transport: http(stack.urls.anvil) }),
    31338: createPublicClient({ transport: http(stack.urls.anvil2) }),
  }
}

/** An amount in base units as the modal shows balances: floored to 3 decimals (`10000.000`). */
export function floor3(units: bigint, decimals = 18): string {
  const unit = 10n ** BigInt(decimals)
  const whole = units / unit
  const thousandths = ((units % unit) * 1000n) / unit
  return `${whole}.${thousandths.toString().padStart(3, '0')}`
}

/** The address as the spec truncates it: first 4 + `...` + last 6. */
export const truncated = (address: string) => `${address.slice(0, 4)}...${address.slice(-6)}`

/** Connects the Dev Wallet through the modal: Connect button → the wallet's entry → the modal closes by itself. */
export async function connectDevWallet(demo: DemoPage): Promise<void> {
  const { page } = demo
  await page.getByTestId('connect-button').click()
  await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await waitUntilStill(page, DEV_CONNECTOR)
  await page.getByTestId(DEV_CONNECTOR).click()
  try {
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
  } catch (error) {
    throw new Error(`The Dev Wallet did not connect: ${await connectDiagnostics(demo)}`, { cause: error })
  }
}

/**
 * Waits until the element stopped moving: the same box for 500 ms and no finite animation running on it or around it. The Connect view grows
 * when the wallet registry answers (featured wallets below the installed ones) and the modal, centred, moves up with
 * its height animation; a click sent while that happens lands beside the row (a connect that never started).
 */
export async function waitUntilStill(page: Page, testId: string): Promise<void> {
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector(`[data-testid="${id}"]`)
      if (!el) return false
      const w = window as unknown as { __porticoStill?: { id: string; box: string; since: number } }
      const r = el.getBoundingClientRect()
      const box = `${r.x},${r.y},${r.width},${r.height}`
      const now = performance.now()
      if (w.__porticoStill?.id !== id || w.__porticoStill.box !== box) {
        w.__porticoStill = { id, box, since: now }
        return false
      }
      // Only a finite animation of the row or of a box around it moves it (a spinner elsewhere runs for ever)
      const moving = document.getAnimations().some((a) => {
        const effect = a.effect as KeyframeEffect | null
        const target = effect?.target
        return a.playState === 'running' && effect?.getTiming().iterations !== Infinity && target instanceof Element && target.contains(el)
      })
      return now - w.__porticoStill.since >= 500 && !moving
    },
    testId,
    { polling: 50, timeout: 30_000 },
  )
}

/** What the page shows and what the wallet was asked, for a connect that did not finish (a failing test says why). */
export async function connectDiagnostics(demo: DemoPage): Promise<string> {
  const onScreen = await demo.page
    .evaluate(() => ({
      views: [...document.querySelectorAll('[data-testid^="view-"]')].map((e) => e.getAttribute('data-testid')),
      toasts: [...document.querySelectorAll('[data-testid=toast]')].map((e) => e.textContent?.trim()),
      modal: document.querySelector('[data-testid=portico-modal]')?.textContent?.trim().slice(0, 300),
      requests: ((window as any).__porticoDevWallet?.requests ?? []).map((r: { method: string }) => r.method),
      connection: (window as any).__portico?.getState?.().connection?.status,
      plugins: Object.fromEntries(
        Object.entries((window as any).__portico?.getState?.().plugins?.byName ?? {}).map(([name, p]: [string, any]) => [name, p?.status]),
      ),
    }))
    .catch((error: unknown) => ({ unreadable: String(error) }))
  return JSON.stringify({ ...onScreen, pageErrors: demo.pageErrors })
}

/** Opens the modal on the Account view (the Connect button opens it when connected). */
export async function openAccountView(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
}

/** The methods the Dev Wallet was asked for on this page, oldest first. */
export function walletMethods(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as any).__porticoDevWallet.requests.map((r: { method: string }) => r.method))
}

/** Methods that open a prompt in a real wallet (a restored session must ask for none of them). */
export const PROMPTING_METHODS = ['eth_requestAccounts', 'wallet_requestPermissions', 'personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']

/** Waits until `locator`'s text, trimmed, is `expected` (the modal updates balances asynchronously). */
export async function waitForText(page: Page, testId: string, expected: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(
      ([id, text]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === text,
      [testId, expected] as const,
      { timeout },
    )
  } catch (error) {
    const actual = await page.getByTestId(testId).first().textContent().catch(() => null)
    throw new Error(`[data-testid=${testId}] shows ${JSON.stringify(actual?.trim())}, expected ${JSON.stringify(expected)}`, { cause: error })
  }
}
