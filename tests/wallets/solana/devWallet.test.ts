import { ed25519 } from '@noble/curves/ed25519.js'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { SOLANA_DEV_KEYS } from '../../solana/keys.js'
import { createSolanaDevWallet } from './devWallet.js'

const [alice, bob] = SOLANA_DEV_KEYS

/** A transfer from `from` to `to`, unsigned, as wire bytes (any blockhash: nothing is sent). */
function transfer(from: Address, to: Address): Uint8Array {
  const payer = createNoopSigner(from)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 10n }, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: to, amount: 1n }), m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

describe('Solana Dev Wallet (Wallet Standard)', () => {
  it('shape: a Wallet Standard wallet on the local chain with the dev keys and the features it promises', async () => {
    const wallet = await createSolanaDevWallet()
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.name).toBe('Portico Dev Wallet')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(wallet.chains).toEqual(['solana:localnet'])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(wallet.addresses).toEqual([alice!.address, bob!.address])
    expect(wallet.accounts).toEqual([]) // nothing authorised yet
  })

  it('behavior: connect prompts once, silent connect never prompts; disconnect revokes and emits change', async () => {
    const wallet = await createSolanaDevWallet()
    const connect = wallet.features['standard:connect'].connect
    expect((await connect({ silent: true })).accounts).toEqual([])
    const changes: number[] = []
    const off = wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    const { accounts } = await connect()
    expect(accounts.map((a) => a.address)).toEqual([alice!.address, bob!.address])
    expect(accounts[0]!.publicKey).toEqual(new Uint8Array(getAddressEncoder().encode(alice!.address)))
    wallet.setMode('reject')
    expect((await connect({ silent: true })).accounts).toHaveLength(2) // authorised: no prompt
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.authorized).toBe(false)
    expect(changes).toEqual([2, 0])
    off()
    await wallet.features['standard:connect'].connect({ silent: true })
    expect(changes).toEqual([2, 0])
  })

  it('behavior: authorisation persists in the storage it is given', async () => {
    const storage = memoryStorage()
    const first = await createSolanaDevWallet({ storage })
    await first.features['standard:connect'].connect()
    const second = await createSolanaDevWallet({ storage })
    expect(second.authorized).toBe(true)
    expect(second.accounts.map((a) => a.address)).toEqual([alice!.address, bob!.address])
  })

  it('behavior: signMessage signs with the account\'s ed25519 key (checked with @noble/curves)', async () => {
    const wallet = await createSolanaDevWallet()
    const { accounts } = await wallet.features['standard:connect'].connect()
    const message = new TextEncoder().encode('hello solana')
    const [out] = await wallet.features['solana:signMessage'].signMessage({ account: accounts[0]!, message })
    expect(out!.signature).toHaveLength(64)
    expect(ed25519.verify(out!.signature, message, accounts[0]!.publicKey)).toBe(true)
    expect(ed25519.verify(out!.signature, message, accounts[1]!.publicKey)).toBe(false)
  })

  it('behavior: signTransaction fills the fee payer\'s signature over the message bytes', async () => {
    const wallet = await createSolanaDevWallet()
    const { accounts } = await wallet.features['standard:connect'].connect()
    const [out] = await wallet.features['solana:signTransaction'].signTransaction({
      account: accounts[0]!,
      transaction: transfer(alice!.address, bob!.address),
      chain: 'solana:localnet',
    })
    const tx = getTransactionDecoder().decode(out!.signedTransaction)
    const signature = tx.signatures[alice!.address]
    expect(signature).toBeTruthy()
    expect(ed25519.verify(signature!, tx.messageBytes as Uint8Array, accounts[0]!.publicKey)).toBe(true)
  })

  it('error: a transaction that needs another signer, an unknown chain, an unauthorised account', async () => {
    const wallet = await createSolanaDevWallet()
    const { accounts } = await wallet.features['standard:connect'].connect()
    const sign = wallet.features['solana:signTransaction'].signTransaction
    await expect(sign({ account: accounts[0]!, transaction: transfer(bob!.address, alice!.address) })).rejects.toThrow(/needs no signature from/)
    await expect(sign({ account: accounts[0]!, transaction: transfer(alice!.address, bob!.address), chain: 'solana:mainnet' })).rejects.toThrow(/does not serve solana:mainnet/)
    wallet.disconnect()
    await expect(sign({ account: accounts[0]!, transaction: transfer(alice!.address, bob!.address) })).rejects.toThrow(/has not been authorised/)
  })

  it('error: reject mode refuses prompts with the Wallet Standard\'s request-rejected error; fail mode fails', async () => {
    const wallet = await createSolanaDevWallet()
    wallet.setMode('reject')
    const error = await wallet.features['standard:connect'].connect().catch((e: unknown) => e)
    expect(error).toMatchObject({ context: { __code: 4001000 } })
    wallet.setMode('approve')
    const { accounts } = await wallet.features['standard:connect'].connect()
    wallet.setMode('fail')
    await expect(wallet.features['solana:signMessage'].signMessage({ account: accounts[0]!, message: new Uint8Array([1]) })).rejects.toThrow(/failed on purpose/)
    expect(() => wallet.setMode('maybe' as never)).toThrow(/Unknown dev wallet mode/)
    expect(wallet.requests.map((r) => r.feature)).toEqual(['standard:connect', 'standard:connect', 'solana:signMessage'])
    await wallet.features['standard:connect'].connect({ silent: true })
    expect(wallet.requests.at(-1)).toEqual({ feature: 'standard:connect', silent: true })
  })
})
