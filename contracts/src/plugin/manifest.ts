import '../zodConfig.js'
import * as z from 'zod/mini'
import { PublisherKeySchema } from './publisherKey.js'

// zod/mini: the kernel validates the manifest in the browser when the modal first opens, so this stays small.

const NAME = /^[a-z][a-z0-9-]*$/
const nonEmpty = () => z.string().check(z.minLength(1))
const withDefault = <T extends z.core.SomeType>(schema: T, value: z.output<T>) => z._default(schema, value as never)

const Sri = () => z.string().check(z.regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'Integrity must be a sha384 subresource-integrity hash.'))

const PluginName = () => z.string().check(z.regex(NAME, 'Plugin names are kebab-case.'))

/** A file of a remote (relative to the manifest, like `entry`) with its subresource-integrity hash. */
const Chunk = z.object({ file: nonEmpty(), integrity: Sri() })

/**
 * A bundle that holds this plugin among others (the plugins that load together on the first open, built as one
 * container): one entry and one set-up chunk for all of them. The kernel loads the plugin from it only while
 * `members` names the entry's own `version` (the same build), and falls back to the plugin's own entry when the
 * bundle cannot be loaded.
 */
const Bundle = z.object({
  /** The container's global name (`portico_bundle_<hash>`); the plugin is its `./<plugin name>` module. */
  container: z.string().check(z.regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'A bundle container name is a JavaScript identifier.')),
  /** URL of the bundle's remote entry, absolute or relative to the manifest. */
  entry: nonEmpty(),
  integrity: Sri(),
  /** Plugin name → the build (`version`) of it the bundle holds. */
  members: z.record(PluginName(), nonEmpty()),
  /** The bundle's set-up chunks, hinted beside its entry. */
  preload: withDefault(z.array(Chunk), []),
  /** This plugin's views' chunks in the bundle. */
  viewPreload: withDefault(z.record(z.string(), z.array(Chunk)), {}),
})

/**
 * The fields of an entry the kernel plans with (which plugins load, when, in what order, for which views and
 * locales), checked for every entry as a manifest loads; see `PluginManifestIndexSchema`.
 */
const indexShape = {
  /** URL of the federation remote entry, absolute or relative to the manifest. */
  entry: nonEmpty(),
  version: nonEmpty(),
  kind: withDefault(z.enum(['adapter', 'connector', 'feature']), 'feature'),
  /** Views the plugin provides, so pushing one loads the plugin on first use. */
  views: withDefault(z.array(z.string()), []),
  /**
   * `open`: load when the modal opens or a session is restored, before the first view shows; `idle`: right after
   * the first view shows (features the first view does not need); `view`: when one of its views is pushed.
   */
  activation: withDefault(z.enum(['open', 'idle', 'view']), 'view'),
  requires: withDefault(z.array(z.string()), []),
  /** A language pack's locales: `setLocale('es')` loads the plugin listing `es`. */
  locales: withDefault(z.array(z.string()), []),
}

/** One plugin entry in the manifest a plugin CDN serves. */
export const PluginManifestEntrySchema = z.object({
  ...indexShape,
  /** Subresource-integrity hash of the entry file. */
  integrity: Sri(),
  /**
   * Semver range of the kernel the remote was built against (`^0.1.0`); a kernel outside it refuses the remote
   * before fetching any of its code. Absent: any kernel.
   */
  kernel: z.optional(nonEmpty()),
  /** Semver range of `CONTRACTS_VERSION` the plugin was built against (its definition's `contracts`). */
  contracts: z.optional(nonEmpty()),
  /**
   * The chunks the entry loads for `./plugin` (URLs like `entry`'s, with their sha384): the kernel asks the browser
   * for them beside the entry instead of after it has run. Only a hint: the entry still loads them itself, with
   * its own integrity check, and a wrong hint costs a download, never a check.
   */
  preload: withDefault(z.array(Chunk), []),
  /** Each view's chunks, hinted the same way as soon as the kernel knows the view is about to show. */
  viewPreload: withDefault(z.record(z.string(), z.array(Chunk)), {}),
  /** A bundle this build of the plugin is also in (see `Bundle`). */
  bundle: z.optional(Bundle),
})

/**
 * A manifest as the kernel reads it when the modal first opens: every entry's planning fields checked (and
 * defaulted), the rest of each entry (files, hashes, ranges, bundle) kept as written and checked with
 * `PluginManifestEntrySchema` when that plugin loads. The first open does not pay for checking the file lists of
 * plugins it does not load, and one malformed entry fails its own plugin, not the whole manifest.
 */
export const PluginManifestIndexSchema = z.record(PluginName(), z.looseObject(indexShape))

/** The plugin manifest: `{ [name]: { entry, integrity, version, ... } }`. */
export const PluginManifestSchema = z.record(PluginName(), PluginManifestEntrySchema)

export type PluginManifestEntry = z.output<typeof PluginManifestEntrySchema>
export type PluginBundle = z.output<typeof Bundle>
export type PluginManifest = z.output<typeof PluginManifestSchema>
export type PluginManifestIndex = z.output<typeof PluginManifestIndexSchema>
export type PluginManifestIndexEntry = PluginManifestIndex[string]


/**
 * The signature a publisher ships with a manifest: ed25519 (RFC 8032) over the UTF-8 bytes of the manifest's
 * canonical JSON (RFC 8785, JSON Canonicalization Scheme), by the key `publicKey`.
 */
export const ManifestSignatureSchema = z.object({
  alg: z.literal('ed25519'),
  publicKey: PublisherKeySchema,
  /** The 64-byte signature, base64url without padding. */
  sig: z.string().check(z.regex(/^[A-Za-z0-9_-]{86}$/, 'Expected an ed25519 signature: 64 bytes, base64url.')),
})

/**
 * A signed plugin manifest, as a publisher's CDN serves it in place of the bare manifest:
 * `{ "manifest": { [name]: entry }, "signature": { "alg": "ed25519", "publicKey": "…", "sig": "…" } }`. The
 * signature covers `manifest` exactly as written (before defaults are applied), so `manifest` stays unparsed here.
 */
export const SignedPluginManifestSchema = z.object({
  manifest: z.record(z.string(), z.unknown()),
  signature: ManifestSignatureSchema,
})


export type ManifestSignature = z.output<typeof ManifestSignatureSchema>
export type SignedPluginManifest = z.output<typeof SignedPluginManifestSchema>
