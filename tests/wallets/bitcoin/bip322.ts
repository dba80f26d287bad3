/**
 * BIP-322 "simple" message signatures, written on @scure/btc-signer so that they run in a browser (bip322-js needs
 * Node's Buffer and crypto): the virtual `to_spend` transaction commits to the tagged message hash, the `to_sign`
 * transaction spends it, and the signature is the serialised witness of its one input, base64. Tests check these
 * signatures with bip322-js, an independent implementation.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'

const TAG = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** BIP-322's message hash: SHA-256 tagged with `BIP0322-signed-message`. */
export function bip322MessageHash(message: string): Uint8Array {
  return sha256(btc.utils.concatBytes(TAG, TAG, new TextEncoder().encode(message)))
}

const reversedHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).reverse().join('')

/** The txid (display order, hex) of BIP-322's `to_spend` transaction for a message and an output script. */
export function bip322ToSpendTxid(message: string, script: Uint8Array): string {
  const raw = btc.RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: btc.Script.encode(['OP_0', bip322MessageHash(message)]), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return reversedHex(sha256(sha256(raw)))
}

/**
 * Signs `message` for a P2WPKH or key-path P2TR output with `privateKey` (BIP-322 simple); returns the base64 witness.
 *
 * @example
 * const signature = signBip322({ privateKey, payment: btc.p2wpkh(publicKey, REGTEST), message: 'Hello' })
 */
export function signBip322(p: { privateKey: Uint8Array; payment: { type: string; script: Uint8Array; tapInternalKey?: Uint8Array }; message: string }): string {
  const taproot = p.payment.type === 'tr'
  const tx = new btc.Transaction({ version: 0, allowUnknownOutputs: true })
  tx.addInput({
    txid: bip322ToSpendTxid(p.message, p.payment.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: p.payment.script, amount: 0n },
    ...(taproot && p.payment.tapInternalKey ? { tapInternalKey: p.payment.tapInternalKey } : {}),
  })
  tx.addOutput({ script: btc.Script.encode(['RETURN']), amount: 0n })
  tx.signIdx(p.privateKey, 0, [taproot ? btc.SigHash.DEFAULT : btc.SigHash.ALL])
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322: the input has no witness after signing.')
  return base64.encode(btc.RawWitness.encode(witness))
}
