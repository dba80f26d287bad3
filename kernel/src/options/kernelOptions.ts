import '../zodConfig.js'
import * as z from 'zod/mini'
import { CHAIN_NAMESPACES } from '@portico/contracts/spec'
import {
  CaipNetworkIdLikeSchema,
  CaipNetworkLikeSchema,
  type CaipNetworkLike,
  type KeyValueStorage,
  type PluginDefinition,
  PublisherKeySchema,
} from '@portico/contracts/plugin'
import { canonicalLocale, LOCALE_MESSAGE } from '../i18n/createI18n.js'

// zod/mini: the options are validated on page load, so they use the tree-shakable build; the full zod loads
// later, with the plugins that need it.

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

const HttpUrlSchema = z.string().check(z.refine(isHttpUrl, 'Expected an http(s) URL.'))

const NamespaceSchema = z.enum(CHAIN_NAMESPACES)
const NetworkIdSchema = CaipNetworkIdLikeSchema
const NetworkSchema = CaipNetworkLikeSchema

const PluginSchema = z.custom<PluginDefinition>(
  (p) => typeof p === 'object' && p !== null && typeof (p as PluginDefinition).name === 'string',
  'Expected a plugin made with definePlugin().',
)

const withDefault = <T extends z.core.SomeType>(schema: T, value: z.output<T>) => z._default(schema, value as never)

/** Options of {@link createKernel}; validated at creation. */
export const KernelOptionsSchema = z.looseObject({
    /** Required by the modal; without one the "Project ID Not Configured" alert shows. */
    projectId: z.optional(z.string().check(z.refine((s) => s.trim().length > 0, 'projectId must not be empty.'))),
    metadata: z.optional(
      z.object({
        name: z.string(),
        description: withDefault(z.string(), ''),
        url: z.string(),
        icons: withDefault(z.array(z.string()), []),
      }),
    ),
    /** Networks as full definitions or CAIP-2 ids that an adapter plugin defines. */
    networks: withDefault(z.array(z.union([NetworkIdSchema, NetworkSchema])), []),
    defaultNetwork: z.optional(z.string()),
    /** Namespaces the host enables adapters for; adding a network needs one. */
    adapters: withDefault(z.array(NamespaceSchema), []),
    /** Plugins bundled with the host. */
    plugins: withDefault(z.array(PluginSchema), []),
    /**
     * Remote plugins: a manifest URL on the plugin CDN, or the manifest itself (validated when first used), which
     * saves its round trip on the first open; given with both, `manifestUrl` is only the base of relative entries.
     * `publicKey` pins the publisher key that must have signed that manifest. `sources` lists more manifests (a
     * third party's CDN), each `{ url | manifest, publicKey? }`; a plugin two sources list comes from the first.
     */
    remotes: z.optional(
      z
        .object({
          manifestUrl: z.optional(HttpUrlSchema),
          manifest: z.optional(z.record(z.string(), z.unknown())),
          publicKey: z.optional(PublisherKeySchema),
          sources: z.optional(
            z.array(
              z
                .object({ url: z.optional(HttpUrlSchema), manifest: z.optional(z.record(z.string(), z.unknown())), publicKey: z.optional(PublisherKeySchema) })
                .check(z.refine((s) => Boolean(s.url || s.manifest), 'Give each plugin source a url or a manifest.')),
            ),
          ),
        })
        .check(
          z.refine((r) => Boolean(r.manifestUrl || r.manifest || r.sources?.length), 'Give remotes.manifestUrl, remotes.manifest or remotes.sources.'),
        ),
    ),
    /**
     * When the modal's code (manifest, shell, the first view's plugins) starts loading before the first open:
     * `intent` (default) when the visitor points at or focuses a trigger (the ConnectButton, or a host's own button
     * calling `kernel.preload()`); `idle` when the browser is idle after the page loaded; `none` only on open.
     * With `none` and `intent` nothing is requested before the visitor shows intent.
     */
    preload: withDefault(z.enum(['none', 'intent', 'idle']), 'intent'),
    /** Feature flags: `false` switches a plugin off; an object switches it on with options. */
    features: withDefault(z.record(z.string(), z.union([z.boolean(), z.record(z.string(), z.unknown())])), {}),
    /** Order of the Connect view's methods, by id; the plugin that renders them has its own default. */
    connectMethodsOrder: z.optional(z.array(z.string())),
    themeMode: withDefault(z.enum(['light', 'dark']), 'light'),
    themeVariables: withDefault(z.record(z.string(), z.union([z.string(), z.number()])), {}),
    /** Rendered inline instead of as a dialog; closing returns to Account or Connect. */
    embedded: withDefault(z.boolean(), false),
    enableNetworkSwitch: withDefault(z.boolean(), true),
    allowUnsupportedChain: withDefault(z.boolean(), false),
    debug: withDefault(z.boolean(), false),
    /**
     * The modal's language, a BCP 47 tag (`es`, `ja`, `ar`, `pt-BR`); its language pack loads at start when it is
     * not bundled (the Connect button speaks it too). `kernel.setLocale` changes it later.
     */
    locale: withDefault(z.string().check(z.refine((l) => canonicalLocale(l) !== undefined, LOCALE_MESSAGE)), 'en'),
    messages: withDefault(z.record(z.string(), z.record(z.string(), z.string())), {}),
    /** Endpoints of the backends; configuration, never constants. */
    endpoints: withDefault(z.record(z.string(), z.string()), {}),
    sdkType: withDefault(z.string(), 'portico'),
    sdkVersion: withDefault(z.string(), 'portico-0.1.0'),
    storage: z.optional(z.custom<KeyValueStorage>((s) => typeof s === 'object' && s !== null && 'getItem' in s)),
    /** Overrides mobile detection (for tests and hosts that know better). */
    isMobile: z.optional(z.custom<() => boolean>((f) => typeof f === 'function')),
  // options the kernel does not know are kept for the plugins that own them (they check them: `checkKernelOptions`)
})

/**
 * `Omit` for a type with an index signature: the built-in one maps over `keyof T`, which is `string` there, and so
 * drops every named key into the signature (a misspelt `themeMode: 'blue'` then type-checks). This keeps them.
 */
type OmitNamed<T, K extends PropertyKey> = {
  [P in keyof T as string extends P ? never : number extends P ? never : P extends K ? never : P]: T[P]
}

/**
 * What a host passes; network definitions may be readonly (adapters export them frozen). Options the kernel does
 * not know are allowed (plugins own them), the ones it knows are typed.
 */
export type KernelOptions = OmitNamed<z.input<typeof KernelOptionsSchema>, 'networks' | 'plugins'> & {
  [option: string]: unknown
  networks?: ReadonlyArray<string | CaipNetworkLike>
  plugins?: ReadonlyArray<PluginDefinition>
}
export type ResolvedKernelOptions = z.output<typeof KernelOptionsSchema>
