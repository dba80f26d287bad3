// The Bitcoin Dev Wallet on its own, in Node: its BIP-322 signatures match bip322-js's (byte for byte on P2WPKH)
// and verify with it; its transfers are valid signed transactions spending the fixture coin; its PSBT signatures
// check; reject mode, authorisation and persistence work as an extension's would.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { Signer, Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { createBitcoinDevWallet, RPC_ERRORS } from './devWallet.js'
import { BITCOIN_DEV_NETWORKS, BITCOIN_FIXTURE_FEE, BITCOIN_FIXTURE_UTXO, bitcoinDevAccounts } from './keys.js'

const REGTEST = BITCOIN_DEV_NETWORKS.Regtest
const { payment: PAYMENT, ordinals: ORDINALS } = bitcoinDevAccounts('Regtest')
const hexToBytes = (hex: string) => new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)))

async function authorised() {
  const wallet = createBitcoinDevWallet()
  const answer = await wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] })
  return { wallet, answer }
}
const result = <T>(answer: { result?: unknown; error?: unknown }) => {
  if ('error' in answer) throw new Error(JSON.stringify(answer.error))
  return answer.result as T
}

describe('Bitcoin Dev Wallet', () => {
  it('behavior: getAccounts gives the P2WPKH payment and the P2TR ordinals address, on regtest, as JSON-RPC 2.0 messages', async () => {
    const { answer } = await authorised()
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: expect.any(String) })
    expect(result<{ address: string; purpose: string; addressType: string }[]>(answer).map((a) => [a.purpose, a.addressType, a.address])).toEqual([
      ['payment', 'p2wpkh', PAYMENT.address],
      ['ordinals', 'p2tr', ORDINALS.address],
    ])
    expect(PAYMENT.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/)
    expect(ORDINALS.address).toMatch(/^bcrt1p[02-9ac-hj-np-z]{58}$/)
  })

  it('behavior: BIP-322 signatures equal bip322-js\'s for P2WPKH and verify with it for P2TR', async () => {
    const { wallet } = await authorised()
    for (const message of ['Hello', '', 'ünïcødé ✓']) {
      const { signature } = result<{ signature: string }>(await wallet.provider.request('signMessage', { address: PAYMENT.address, message, protocol: 'BIP322' }))
      expect(signature).toBe(Signer.sign(btc.WIF(REGTEST).encode(PAYMENT.privateKey), PAYMENT.address, message))
      expect(Verifier.verifySignature(PAYMENT.address, message, signature)).toBe(true)
      const taproot = result<{ signature: string }>(await wallet.provider.request('signMessage', { address: ORDINALS.address, message }))
      expect(Verifier.verifySignature(ORDINALS.address, message, taproot.signature)).toBe(true)
    }
  })

  it('behavior: sendTransfer signs a transaction spending the fixture coin: receiver, change minus the fee, a valid witness', async () => {
    const { wallet } = await authorised()
    const { txid } = result<{ txid: string }>(await wallet.provider.request('sendTransfer', { recipients: [{ address: ORDINALS.address, amount: 30_000 }] }))
    const tx = btc.Transaction.fromRaw(hexToBytes(wallet.sent.at(-1)!))
    expect(tx.id).toBe(txid)
    expect(btc.utils.compareBytes(tx.getInput(0).txid!, hexToBytes(BITCOIN_FIXTURE_UTXO.txid))).toBe(0)
    expect([tx.getOutput(0).amount, tx.getOutput(1).amount]).toEqual([30_000n, BITCOIN_FIXTURE_UTXO.amount - 30_000n - BITCOIN_FIXTURE_FEE])
    const [der, key] = tx.getInput(0).finalScriptWitness!
    const digest = tx.preimageWitnessV0(0, btc.OutScript.encode({ type: 'pkh', hash: PAYMENT.hash }), btc.SigHash.ALL, BITCOIN_FIXTURE_UTXO.amount)
    expect(key).toEqual(PAYMENT.publicKey)
    expect(secp256k1.verify(der!.slice(0, -1), digest, PAYMENT.publicKey, { prehash: false, format: 'der' })).toBe(true)
  })

  it('behavior: signPsbt signs the named inputs (ECDSA for P2WPKH, Schnorr for P2TR) and only those', async () => {
    const { wallet } = await authorised()
    const tx = new btc.Transaction()
    tx.addInput({ txid: 'aa'.repeat(32), index: 0, witnessUtxo: { script: PAYMENT.script, amount: 5_000n } })
    tx.addInput({ txid: 'bb'.repeat(32), index: 1, witnessUtxo: { script: ORDINALS.script, amount: 6_000n }, tapInternalKey: ORDINALS.publicKey })
    tx.addOutputAddress(PAYMENT.address, 10_000n, REGTEST)
    const { psbt } = result<{ psbt: string }>(await wallet.provider.request('signPsbt', { psbt: base64.encode(tx.toPSBT()), signInputs: { [ORDINALS.address]: [1] } }))
    const signed = btc.Transaction.fromPSBT(base64.decode(psbt))
    expect(signed.getInput(0).partialSig).toBeUndefined()
    const digest = signed.preimageWitnessV1(1, [PAYMENT.script, ORDINALS.script], btc.SigHash.DEFAULT, [5_000n, 6_000n])
    expect(schnorr.verify(signed.getInput(1).tapKeySig!, digest, ORDINALS.tweakedPubkey)).toBe(true)
  })

  it('error: before authorisation signing is ACCESS_DENIED; reject mode answers USER_REJECTION; bad params INVALID_PARAMS', async () => {
    const wallet = createBitcoinDevWallet()
    expect(await wallet.provider.request('signMessage', { address: PAYMENT.address, message: 'x' })).toMatchObject({ error: { code: RPC_ERRORS.ACCESS_DENIED } })
    expect(await wallet.provider.request('wallet_getAccount', null)).toMatchObject({ error: { code: RPC_ERRORS.ACCESS_DENIED } })
    wallet.setMode('reject')
    expect(await wallet.provider.request('getAccounts', { purposes: ['payment'] })).toMatchObject({ error: { code: RPC_ERRORS.USER_REJECTION } })
    wallet.setMode('approve')
    await wallet.provider.request('getAccounts', { purposes: ['payment'] })
    expect(await wallet.provider.request('signMessage', { address: 'bc1qnotmine', message: 'x' })).toMatchObject({ error: { code: RPC_ERRORS.INVALID_PARAMS } })
    expect(await wallet.provider.request('sendTransfer', { recipients: [{ address: ORDINALS.address, amount: 200_000_000 }] })).toMatchObject({ error: { code: RPC_ERRORS.INVALID_PARAMS } })
    expect(await wallet.provider.request('nope', null)).toMatchObject({ error: { code: RPC_ERRORS.METHOD_NOT_FOUND } })
  })

  it('behavior: authorisation and network persist in storage; changing network emits networkChange with the new addresses', async () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
    const wallet = createBitcoinDevWallet({ storage })
    await wallet.provider.request('getAccounts', { purposes: ['payment'] })
    const events: unknown[] = []
    wallet.provider.addListener({ eventName: 'networkChange', cb: (e) => events.push(e) })
    await wallet.provider.request('wallet_changeNetwork', { name: 'Mainnet' })
    expect(events).toMatchObject([{ type: 'networkChange', bitcoin: { name: 'Mainnet' }, addresses: [{ address: bitcoinDevAccounts('Mainnet').payment.address }, {}] }])
    const again = createBitcoinDevWallet({ storage })
    expect([again.authorized, again.network]).toEqual([true, 'Mainnet'])
    again.disconnect()
    expect(createBitcoinDevWallet({ storage }).authorized).toBe(false)
  })
})
