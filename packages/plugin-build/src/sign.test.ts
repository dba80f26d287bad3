import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifySignedManifest } from '../../../kernel/src/registry/signature.ts'
import { canonicalBytes, generatePublisherKey, keygenCommand, publicKeyOf, signCommand, signManifest, verifyManifest } from './sign.js'

const SRI = `sha384-${'A'.repeat(64)}`
const manifest = { 'watch-address': { entry: 'watch-address/1.0.0/remoteEntry.js', integrity: SRI, version: '1.0.0', kind: 'connector' } }

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'portico-sign-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('signManifest / verifyManifest', () => {
  it('behavior: a signed manifest verifies with its key, in Node and with the kernel\'s browser verifier', async () => {
    const { publicKey, privateKeyPem } = generatePublisherKey()
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(publicKeyOf(privateKeyPem)).toBe(publicKey)
    const signed = signManifest(manifest, privateKeyPem)
    expect(signed.signature).toMatchObject({ alg: 'ed25519', publicKey })
    expect(signed.manifest).toEqual(manifest)
    expect(verifyManifest(signed, publicKey)).toBe(true)
    // written to a file and read back, as a CDN serves it
    const served = JSON.parse(JSON.stringify(signed, null, 2))
    await expect(verifySignedManifest('test', served, publicKey)).resolves.toEqual(manifest)
  })

  it('behavior: the signature covers the canonical JSON, so key order does not matter', () => {
    expect(canonicalBytes({ b: [1, { d: 2, c: 1 }], a: 'x' }).toString()).toBe('{"a":"x","b":[1,{"c":1,"d":2}]}')
    const { publicKey, privateKeyPem } = generatePublisherKey()
    const signed = signManifest(manifest, privateKeyPem)
    const entry = manifest['watch-address']
    const reordered = { signature: signed.signature, manifest: { 'watch-address': { kind: entry.kind, version: entry.version, integrity: entry.integrity, entry: entry.entry } } }
    expect(verifyManifest(reordered, publicKey)).toBe(true)
  })

  it('error: an altered manifest, another key or a bare manifest do not verify', async () => {
    const acme = generatePublisherKey()
    const other = generatePublisherKey()
    const signed = signManifest(manifest, acme.privateKeyPem)
    const altered = { ...signed, manifest: { 'watch-address': { ...manifest['watch-address'], entry: 'evil.js' } } }
    expect(verifyManifest(altered, acme.publicKey)).toBe(false)
    expect(verifyManifest(signed, other.publicKey)).toBe(false)
    expect(verifyManifest(manifest, acme.publicKey)).toBe(false)
    await expect(verifySignedManifest('test', altered, acme.publicKey)).rejects.toMatchObject({ code: 'PLUGIN_MANIFEST_SIGNATURE_INVALID' })
    await expect(verifySignedManifest('test', signManifest(manifest, other.privateKeyPem), acme.publicKey)).rejects.toMatchObject({ code: 'PLUGIN_MANIFEST_WRONG_KEY' })
  })

  it('behavior: signing a signed manifest replaces its signature (a new key, the same manifest)', () => {
    const first = generatePublisherKey()
    const second = generatePublisherKey()
    const resigned = signManifest(signManifest(manifest, first.privateKeyPem), second.privateKeyPem)
    expect(resigned.manifest).toEqual(manifest)
    expect(verifyManifest(resigned, second.publicKey)).toBe(true)
  })

  it('error: what is not a manifest or not an ed25519 key is refused with a clear message', () => {
    const { privateKeyPem } = generatePublisherKey()
    expect(() => signManifest({ x: { entry: 1 } }, privateKeyPem)).toThrow(/^Not a plugin manifest: x.entry: /)
    expect(() => signManifest(manifest, 'not a key')).toThrow(/^Not a private key in PEM form/)
  })
})

describe('portico-plugin keygen / sign', () => {
  it('behavior: keygen writes the private key readable by its owner only, and the public key to pin', async () => {
    const lines: string[] = []
    await keygenCommand(['--out', join(dir, 'acme')], (l) => lines.push(l))
    const pem = readFileSync(join(dir, 'acme.key'), 'utf8')
    const pub = readFileSync(join(dir, 'acme.pub'), 'utf8').trim()
    expect(statSync(join(dir, 'acme.key')).mode & 0o777).toBe(0o600)
    expect(publicKeyOf(pem)).toBe(pub)
    expect(lines.join('\n')).toContain(`publicKey: '${pub}'`)
  })

  it('error: keygen keeps an existing key unless --force', async () => {
    await keygenCommand(['--out', join(dir, 'acme')], () => {})
    const before = readFileSync(join(dir, 'acme.key'), 'utf8')
    await expect(keygenCommand(['--out', join(dir, 'acme')], () => {})).rejects.toThrow(/exists already; give --force/)
    expect(readFileSync(join(dir, 'acme.key'), 'utf8')).toBe(before)
    writeFileSync(join(dir, 'acme.key'), before, { mode: 0o644 })
    await keygenCommand(['--out', join(dir, 'acme'), '--force'], () => {})
    expect(readFileSync(join(dir, 'acme.key'), 'utf8')).not.toBe(before)
    expect(statSync(join(dir, 'acme.key')).mode & 0o777).toBe(0o600)
  })

  it('behavior: sign signs a manifest file in place, or into --out', async () => {
    await keygenCommand(['--out', join(dir, 'acme')], () => {})
    const pub = readFileSync(join(dir, 'acme.pub'), 'utf8').trim()
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
    const lines: string[] = []
    await signCommand([join(dir, 'manifest.json'), '--key', join(dir, 'acme.key'), '--out', join(dir, 'signed.json')], (l) => lines.push(l))
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest)
    expect(verifyManifest(JSON.parse(readFileSync(join(dir, 'signed.json'), 'utf8')), pub)).toBe(true)
    expect(lines[0]).toBe(`Signed 1 plugin(s) into ${join(dir, 'signed.json')} with the key ${pub}`)
    await signCommand([join(dir, 'manifest.json'), '--key', join(dir, 'acme.key')], () => {})
    expect(verifyManifest(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')), pub)).toBe(true)
  })

  it('error: sign without a key, with a missing file or an unknown option says how to use it', async () => {
    await expect(signCommand([join(dir, 'manifest.json')], () => {})).rejects.toThrow(/^Usage: portico-plugin sign/)
    await expect(signCommand([join(dir, 'missing.json'), '--key', 'k'], () => {})).rejects.toThrow(/^Cannot read the manifest/)
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
    await expect(signCommand([join(dir, 'manifest.json'), '--key', join(dir, 'nope.key')], () => {})).rejects.toThrow(/^Cannot read the private key/)
    await expect(signCommand(['--bogus'], () => {})).rejects.toThrow(/bogus/)
  })
})
