import { describe, expect, it } from 'vitest'
import { isPorticoError } from '@portico/contracts/plugin'
import { canonicalManifestBytes, fromBase64Url, verifySignedManifest } from './signature.js'

const text = (value: unknown) => new TextDecoder().decode(canonicalManifestBytes(value))
const toBase64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** An IEEE 754 double from its 16 hex digits (RFC 8785 Appendix B lists numbers that way). */
const double = (hex: string) => {
  const view = new DataView(new ArrayBuffer(8))
  view.setBigUint64(0, BigInt(`0x${hex}`))
  return view.getFloat64(0)
}

describe('canonical JSON (RFC 8785)', () => {
  it('behavior: the example of section 3.2.2 (literals, numbers, string escapes, key order)', () => {
    const input = JSON.parse(String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`)
    expect(text(input)).toBe(String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`)
  })

  it('behavior: keys sort by their UTF-16 code units (section 3.2.3)', () => {
    const input = JSON.parse(String.raw`{
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis"
    }`)
    // "\r" < "1" < U+0080 < "ö" < "€" < the emoji's surrogates < U+FB33 (a JS object would list "1" first)
    expect(text(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    )
  })

  it('behavior: the UTF-8 bytes of section 3.2.4 (the first example, as the RFC lists them in hex)', () => {
    const input = { numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 1e-27], string: '\u20ac$\u000f\nA\'B"\\\\"/', literals: [null, true, false] }
    const rfc = `7b 22 6c 69 74 65 72 61 6c 73 22 3a 5b 6e 75 6c 6c 2c 74 72 75 65 2c 66 61 6c 73 65 5d 2c 22 6e 75 6d 62 65 72 73 22 3a
      5b 33 33 33 33 33 33 33 33 33 2e 33 33 33 33 33 33 33 2c 31 65 2b 33 30 2c 34 2e 35 2c 30 2e 30 30 32 2c 31 65 2d 32 37
      5d 2c 22 73 74 72 69 6e 67 22 3a 22 e2 82 ac 24 5c 75 30 30 30 66 5c 6e 41 27 42 5c 22 5c 5c 5c 5c 5c 22 2f 22 7d`
    expect(Buffer.from(canonicalManifestBytes(input)).toString('hex')).toBe(rfc.replace(/\s+/g, ''))
  })

  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('behavior: the number 0x%s is written %s (Appendix B)', (hex, expected) => {
    expect(text(double(hex))).toBe(expected)
  })

  it('error: NaN and Infinity have no JSON form (Appendix B)', () => {
    expect(() => text(Number.NaN)).toThrow()
    expect(() => text(Number.POSITIVE_INFINITY)).toThrow()
  })
})

const SRI = `sha384-${'A'.repeat(64)}`
const manifest = { hello: { entry: 'hello/remoteEntry.js', integrity: SRI, version: '1.0.0' } }

async function publisher() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
  const publicKey = toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey))
  const signed = async (m: unknown) => ({
    manifest: m,
    signature: { alg: 'ed25519', publicKey, sig: toBase64Url(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, canonicalManifestBytes(m))) },
  })
  return { publicKey, signed }
}

describe('signed manifests', () => {
  it('behavior: a manifest signed by the pinned key verifies, whatever its key order and whitespace', async () => {
    const p = await publisher()
    const envelope = await p.signed(manifest)
    // the same manifest written another way: reordered keys, pretty printed
    const rewritten = JSON.parse(JSON.stringify({ signature: envelope.signature, manifest: { hello: { version: '1.0.0', integrity: SRI, entry: 'hello/remoteEntry.js' } } }, null, 2))
    expect(await verifySignedManifest('https://cdn.test/manifest.json', rewritten, p.publicKey)).toEqual(manifest)
  })

  it('error: an unsigned manifest of a pinned source is refused (PLUGIN_MANIFEST_UNSIGNED), naming the source', async () => {
    const p = await publisher()
    const error = await verifySignedManifest('https://cdn.test/manifest.json', manifest, p.publicKey).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_MANIFEST_UNSIGNED')).toBe(true)
    expect((error as Error).message).toBe(
      'The plugin source https://cdn.test/manifest.json was refused: its manifest is not signed, but the host pins a publisher key for it.',
    )
  })

  it('error: a manifest changed after signing is refused (PLUGIN_MANIFEST_SIGNATURE_INVALID)', async () => {
    const p = await publisher()
    const envelope = await p.signed(manifest)
    const altered = { ...envelope, manifest: { hello: { ...manifest.hello, entry: 'evil/remoteEntry.js' } } }
    const error = await verifySignedManifest('https://cdn.test/manifest.json', altered, p.publicKey).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_MANIFEST_SIGNATURE_INVALID')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe(
      'The plugin source https://cdn.test/manifest.json was refused: its manifest does not match its signature (it was changed after it was signed).',
    )
  })

  it('error: a signature that is not one (malformed) is refused the same way', async () => {
    const p = await publisher()
    const envelope = await p.signed(manifest)
    const error = await verifySignedManifest('s', { ...envelope, signature: { ...envelope.signature, sig: 'short' } }, p.publicKey).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_MANIFEST_SIGNATURE_INVALID')).toBe(true)
  })

  it('error: a manifest signed by another key is refused (PLUGIN_MANIFEST_WRONG_KEY), even with the pinned key written in it', async () => {
    const pinned = await publisher()
    const other = await publisher()
    const byOther = await other.signed(manifest)
    const error = await verifySignedManifest('https://cdn.test/manifest.json', byOther, pinned.publicKey).catch((e: unknown) => e)
    expect(isPorticoError(error, 'PLUGIN_MANIFEST_WRONG_KEY')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe(
      'The plugin source https://cdn.test/manifest.json was refused: its manifest is signed by another key than the publisher key the host pins.',
    )
    // claiming the pinned key does not help: the signature does not verify with it
    const claimed = { ...byOther, signature: { ...byOther.signature, publicKey: pinned.publicKey } }
    await expect(verifySignedManifest('s', claimed, pinned.publicKey)).rejects.toMatchObject({ code: 'PLUGIN_MANIFEST_SIGNATURE_INVALID' })
  })

  it('behavior: base64url decodes with and without padding', () => {
    expect([...fromBase64Url('_-8')]).toEqual([255, 239])
    expect([...fromBase64Url('_-8=')]).toEqual([255, 239])
  })
})
