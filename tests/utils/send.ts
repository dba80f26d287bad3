/**
 * E2E helpers for the wallet features (Send, Receive) on the stack's first anvil chain and its Solana chain:
 * accounts of a test's own, funded on the spot so no other e2e file's balances or nonces move under it, and the
 * send form driven as a visitor does.
 */
import type { Page } from 'playwright-core'
import { createWalletClient, erc20Abi, http, parseUnits, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase16Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address as SolanaAddress,
} from '@solana/kit'
import { signerFromSeed, SOLANA_DEV_KEYS, SOLANA_PTD } from '../solana/keys.ts'
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
export async function openFeature(page: Page, id: 'send' | 'receive' | 'swaps'): Promise<void> {
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

/**
 * A fresh Solana keypair (its 32-byte seed in hex, for the Dev Wallet's `?solanaKey=`) holding `sol` lamports and
 * `ptdUnits` of the chain's PTD, sent in one transaction from the local chain's fourth dev key (a PTD holder no
 * other e2e file signs with), confirmed before it returns.
 */
export async function fundedSolanaAccount(rpcUrl: string, sol: bigint, ptdUnits: bigint): Promise<{ seed: string; address: SolanaAddress }> {
  const seed = getBase16Decoder().decode(crypto.getRandomValues(new Uint8Array(32)))
  const owner = (await signerFromSeed(seed)).address
  const funder = await signerFromSeed(SOLANA_DEV_KEYS[3]!.seed)
  const rpc = createSolanaRpc(rpcUrl)
  const mint = SOLANA_PTD.mint
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: funder.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ])
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(funder, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({ source: funder, destination: owner, amount: sol }),
          getCreateAssociatedTokenIdempotentInstruction({ payer: funder, ata: destination, owner, mint }),
          getTransferCheckedInstruction({ source, mint, destination, authority: funder, amount: ptdUnits, decimals: SOLANA_PTD.decimals }),
        ],
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
  const deadline = Date.now() + 30_000
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    if (value[0]?.err) throw new Error(`Funding ${owner} failed on chain: ${JSON.stringify(value[0].err, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`)
    if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') return { seed, address: owner }
    if (Date.now() > deadline) throw new Error(`Funding ${owner}: no confirmation after 30 s.`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** A Solana address nobody used yet (its balances and token accounts do not exist). */
export const freshSolanaAddress = async (): Promise<SolanaAddress> => (await generateKeyPairSigner()).address
