// The verifier of signed manifests: loaded (with the JSON canonicalizer) only for a source the host pins a
// publisher key for, so a host that pins none never downloads it.
import canonicalize from 'canonicalize'
import { BaseError, SignedPluginManifestSchema } from '@portico/contracts/plugin'
import { parseErrorMessage } from './deps.js'
import { ManifestError } from './errors.js'
import { isSignedManifest } from './sources.js'

/** Why a pinned plugin source's manifest was refused: it has no signature, its bytes changed, or another key signed it. */
export type ManifestSignatureProblem = 'unsigned' | 'altered' | 'wrong-key'

const SIGNATURE_CODES = {
  unsigned: 'PLUGIN_MANIFEST_UNSIGNED',
  altered: 'PLUGIN_MANIFEST_SIGNATURE_INVALID',
  'wrong-key': 'PLUGIN_MANIFEST_WRONG_KEY',
} as const

/**
 * A plugin source pinned to a publisher key whose manifest cannot be trusted; nothing of that source loads. (Here,
 * not in errors.ts, so only pages that pin a key download it.)
 */
export class ManifestSignatureError extends BaseError {
  override name = 'ManifestSignatureError'
  readonly problem: ManifestSignatureProblem
  constructor(source: string, problem: ManifestSignatureProblem, details?: string) {
    const reason = {
      unsigned: 'its manifest is not signed, but the host pins a publisher key for it',
      altered: 'its manifest does not match its signature (it was changed after it was signed)',
      'wrong-key': 'its manifest is signed by another key than the publisher key the host pins',
    }[problem]
    super(`The plugin source ${source} was refused: ${reason}.`, { code: SIGNATURE_CODES[problem], ...(details ? { details } : {}) })
    this.problem = problem
  }
}

/** The bytes of base64url text (with or without padding). */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * The bytes a manifest's signature covers: the UTF-8 of its canonical JSON (RFC 8785), so the publisher's and the
 * host's serializations of the same manifest agree whatever the key order or whitespace of the file.
 *
 * @example
 * new TextDecoder().decode(canonicalManifestBytes({ b: 1, a: { entry: 'x.js' } })) // '{"a":{"entry":"x.js"},"b":1}'
 */
export function canonicalManifestBytes(manifest: unknown): Uint8Array<ArrayBuffer> {
  const text = canonicalize(manifest)
  if (text === undefined) throw new Error('the manifest has no JSON form.')
  return new TextEncoder().encode(text)
}

/**
 * Checks a pinned source's manifest against the publisher key the host pins for it, with WebCrypto's Ed25519, and
 * returns the manifest it signs (not validated yet). Refuses, each with its own error code: a manifest without a
 * signature (`PLUGIN_MANIFEST_UNSIGNED`), one signed by another key (`PLUGIN_MANIFEST_WRONG_KEY`) and one whose
 * content or signature changed after signing (`PLUGIN_MANIFEST_SIGNATURE_INVALID`).
 *
 * @example
 * const manifest = await verifySignedManifest('https://cdn.example/manifest.json', await res.json(), 'Xq3…')
 */
export async function verifySignedManifest(source: string, raw: unknown, publicKey: string): Promise<unknown> {
  if (!isSignedManifest(raw)) throw new ManifestSignatureError(source, 'unsigned')
  const parsed = SignedPluginManifestSchema.safeParse(raw)
  if (!parsed.success) throw new ManifestSignatureError(source, 'altered', parseErrorMessage(parsed.error))
  const { signature } = parsed.data
  if (signature.publicKey !== publicKey) throw new ManifestSignatureError(source, 'wrong-key', `signed by ${signature.publicKey}, pinned ${publicKey}`)
  let key: CryptoKey
  try {
    key = await crypto.subtle.importKey('raw', fromBase64Url(publicKey), { name: 'Ed25519' }, false, ['verify'])
  } catch (error) {
    throw new ManifestError(`this browser cannot verify ed25519 signatures (${parseErrorMessage(error)}).`, error, source)
  }
  // the manifest exactly as the publisher wrote it: the signature covers it before any default is applied
  const ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, fromBase64Url(signature.sig), canonicalManifestBytes(raw.manifest))
  if (!ok) throw new ManifestSignatureError(source, 'altered')
  return raw.manifest
}
