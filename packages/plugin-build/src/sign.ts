/**
 * Publisher keys and signed manifests: `portico-plugin keygen` and `portico-plugin sign`. A signed manifest is the
 * bare manifest wrapped with its signature, `{ "manifest": {…}, "signature": { "alg": "ed25519", "publicKey",
 * "sig" } }`: ed25519 over the UTF-8 of the manifest's canonical JSON (RFC 8785), which a host that pins the
 * publisher key checks in the browser before it loads anything the manifest lists.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import canonicalize from 'canonicalize'
import { PluginManifestSchema, SignedPluginManifestSchema, type SignedPluginManifest } from '@portico/contracts/plugin'

/** A publisher key pair: the public key as a host pins it (base64url of its 32 bytes) and the private key as PKCS#8 PEM. */
export type PublisherKeyPair = { publicKey: string; privateKeyPem: string }

/**
 * A new ed25519 publisher key pair.
 *
 * @example
 * const { publicKey, privateKeyPem } = generatePublisherKey() // publicKey: 'Xq3…' (43 characters)
 */
export function generatePublisherKey(): PublisherKeyPair {
  const { privateKey } = generateKeyPairSync('ed25519')
  return { publicKey: publicKeyOf(privateKey), privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() }
}

/**
 * The public key (base64url of its 32 raw bytes) of an ed25519 private or public key.
 *
 * @example
 * publicKeyOf(readFileSync('portico-publisher.key', 'utf8')) // 'Xq3…'
 */
export function publicKeyOf(key: KeyObject | string): string {
  const object = typeof key === 'string' ? createPublicKey(createPrivateKey(key)) : key.type === 'private' ? createPublicKey(key) : key
  if (object.asymmetricKeyType !== 'ed25519') throw new Error(`Expected an ed25519 key, got ${object.asymmetricKeyType ?? 'another kind of key'}.`)
  const { x } = object.export({ format: 'jwk' })
  if (!x) throw new Error('The key has no public part.')
  return x
}

/**
 * The bytes a manifest's signature covers: the UTF-8 of its RFC 8785 canonical JSON.
 *
 * @example
 * canonicalBytes({ b: 1, a: 2 }).toString() // '{"a":2,"b":1}'
 */
export function canonicalBytes(manifest: unknown): Buffer {
  const text = canonicalize(manifest)
  if (text === undefined) throw new Error('The manifest has no JSON form.')
  return Buffer.from(text, 'utf8')
}

/** The bare manifest of a file's content: a signed manifest's `manifest`, else the content itself. */
const bareManifest = (content: unknown): unknown =>
  typeof content === 'object' && content !== null && 'manifest' in content && 'signature' in content ? (content as { manifest: unknown }).manifest : content

/**
 * Signs a plugin manifest (a bare one, or a signed one whose signature is replaced) with a publisher's private key.
 * The manifest is checked against the contracts' schema first, and signed exactly as given.
 *
 * @example
 * const signed = signManifest(JSON.parse(readFileSync('cdn/manifest.json', 'utf8')), readFileSync('publisher.key', 'utf8'))
 */
export function signManifest(content: unknown, privateKeyPem: string): SignedPluginManifest {
  const manifest = bareManifest(content)
  const parsed = PluginManifestSchema.safeParse(manifest)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Not a plugin manifest: ${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`)
  }
  let key: KeyObject
  try {
    key = createPrivateKey(privateKeyPem)
  } catch (error) {
    throw new Error(`Not a private key in PEM form (${(error as Error).message}).`)
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`Expected an ed25519 private key, got ${key.asymmetricKeyType ?? 'another kind of key'}.`)
  const sig = sign(null, canonicalBytes(manifest), key).toString('base64url')
  return { manifest: manifest as Record<string, unknown>, signature: { alg: 'ed25519', publicKey: publicKeyOf(key), sig } }
}

/**
 * True when a signed manifest is signed by `publicKey` and unchanged since (what a host checks in the browser).
 *
 * @example
 * verifyManifest(JSON.parse(readFileSync('cdn/manifest.json', 'utf8')), 'Xq3…') // true
 */
export function verifyManifest(content: unknown, publicKey: string): boolean {
  const parsed = SignedPluginManifestSchema.safeParse(content)
  if (!parsed.success || parsed.data.signature.publicKey !== publicKey) return false
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' })
  return verify(null, canonicalBytes((content as { manifest: unknown }).manifest), key, Buffer.from(parsed.data.signature.sig, 'base64url'))
}

const KEYGEN_USAGE = 'Usage: portico-plugin keygen [--out <path>] [--force]  (writes <path>.key, mode 0600, and <path>.pub; default path: portico-publisher)'
const SIGN_USAGE = 'Usage: portico-plugin sign <manifest.json> --key <private key file> [--out <file>]  (default: signs the manifest in place)'

/**
 * `portico-plugin keygen`: writes a new publisher key pair, `<path>.key` (the private key, PKCS#8 PEM, readable by
 * its owner only) and `<path>.pub` (the public key to pin in hosts), and prints the public key. An existing key is
 * kept unless `--force`.
 *
 * @example
 * await keygenCommand(['--out', 'keys/acme']) // keys/acme.key, keys/acme.pub
 */
export async function keygenCommand(argv: readonly string[], print: (line: string) => void = console.log): Promise<void> {
  const { values } = parseArgs({ args: [...argv], options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } }, strict: true })
  if (values.help) return print(KEYGEN_USAGE)
  const base = resolve(values.out ?? 'portico-publisher')
  const keyFile = `${base}.key`
  const pubFile = `${base}.pub`
  if (!values.force && (existsSync(keyFile) || existsSync(pubFile)))
    throw new Error(`${keyFile} or ${pubFile} exists already; give --force to replace the key (hosts pinning the old one will refuse what it signs).`)
  const { publicKey, privateKeyPem } = generatePublisherKey()
  writeFileSync(keyFile, privateKeyPem, { mode: 0o600 })
  chmodSync(keyFile, 0o600) // a file that existed keeps its mode on write
  writeFileSync(pubFile, `${publicKey}\n`)
  print(`Private key: ${keyFile} (keep it secret, out of the CDN and of version control)`)
  print(`Public key:  ${pubFile}`)
  print(`Pin it in the host: remotes.sources: [{ url: 'https://…/manifest.json', publicKey: '${publicKey}' }]`)
}

/**
 * `portico-plugin sign <manifest.json> --key <file>`: signs a manifest with a publisher's private key, in place (or
 * into `--out`), and prints the public key it is signed with.
 *
 * @example
 * await signCommand(['dist/cdn/manifest.json', '--key', 'portico-publisher.key'])
 */
export async function signCommand(argv: readonly string[], print: (line: string) => void = console.log): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { key: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  })
  if (values.help) return print(SIGN_USAGE)
  if (positionals.length !== 1 || !values.key) throw new Error(SIGN_USAGE)
  const file = resolve(positionals[0]!)
  let content: unknown
  try {
    content = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`Cannot read the manifest ${file}: ${(error as Error).message}`)
  }
  let pem: string
  try {
    pem = readFileSync(resolve(values.key), 'utf8')
  } catch (error) {
    throw new Error(`Cannot read the private key ${values.key}: ${(error as Error).message}`)
  }
  const signed = signManifest(content, pem)
  const out = resolve(values.out ?? file)
  writeFileSync(out, `${JSON.stringify(signed, null, 2)}\n`)
  print(`Signed ${Object.keys(signed.manifest).length} plugin(s) into ${out} with the key ${signed.signature.publicKey}`)
}
