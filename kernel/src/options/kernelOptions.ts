import { z } from 'zod'
import { PluginManifestSchema, type CaipNetworkLike, type PluginDefinition, type KeyValueStorage } from '@portico/contracts'

const NamespaceSchema = z.enum(['eip155', 'solana', 'polkadot', 'bip122'])
const HttpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL.' })

const NetworkSchema = z.object({
  id: z.union([z.number(), z.string()]),
  caipNetworkId: z.string().regex(/^[a-z0-9-]+:[A-Za-z0-9_-]+$/, 'Invalid CAIP-2 network id'),
  chainNamespace: NamespaceSchema,
  name: z.string().min(1),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int().nonnegative() }),
  rpcUrls: z.object({ default: z.object({ http: z.array(z.string()) }), chainDefault: z.object({ http: z.array(z.string()) }).optional() }),
  blockExplorers: z.object({ default: z.object({ name: z.string(), url: z.string() }) }).optional(),
  testnet: z.boolean().optional(),
  assets: z.object({ imageId: z.string().optional(), imageUrl: z.string().optional() }).optional(),
})

const PluginSchema = z.custom<PluginDefinition>(
  (p) => typeof p === 'object' && p !== null && typeof (p as PluginDefinition).name === 'string',
  'Expected a plugin made with definePlugin().',
)

/** Options of {@link createKernel}; validated at creation. */
export const KernelOptionsSchema = z
  .object({
    /** Required by the modal; without one the "Project ID Not Configured" alert shows. */
    projectId: z.string().trim().min(1).optional(),
    metadata: z
      .object({ name: z.string(), description: z.string().default(''), url: z.string(), icons: z.array(z.string()).default([]) })
      .optional(),
    /** Networks as full definitions or CAIP-2 ids that an adapter plugin defines. */
    networks: z.array(z.union([z.string().regex(/^[a-z0-9-]+:[A-Za-z0-9_-]+$/, 'Invalid CAIP-2 network id'), NetworkSchema])).default([]),
    defaultNetwork: z.string().optional(),
    /** Namespaces the host enables adapters for; adding a network needs one. */
    adapters: z.array(NamespaceSchema).default([]),
    /** Plugins bundled with the host. */
    plugins: z.array(PluginSchema).default([]),
    /** Remote plugins: a manifest URL (or the manifest itself) on the plugin CDN. */
    remotes: z
      .object({ manifestUrl: HttpUrl.optional(), manifest: PluginManifestSchema.optional() })
      .refine((r) => r.manifestUrl || r.manifest, 'Give remotes.manifestUrl or remotes.manifest.')
      .optional(),
    /** Feature flags: `false` switches a plugin off; an object switches it on with options. */
    features: z.record(z.string(), z.union([z.boolean(), z.record(z.string(), z.unknown())])).default({}),
    /** Order of connect methods on the Connect view. */
    connectMethodsOrder: z.array(z.string()).default(['email', 'social', 'wallet']),
    themeMode: z.enum(['light', 'dark']).default('light'),
    themeVariables: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
    /** Rendered inline instead of as a dialog; closing returns to Account or Connect. */
    embedded: z.boolean().default(false),
    enableNetworkSwitch: z.boolean().default(true),
    allowUnsupportedChain: z.boolean().default(false),
    debug: z.boolean().default(false),
    locale: z.string().default('en'),
    messages: z.record(z.string(), z.record(z.string(), z.string())).default({}),
    /** Endpoints of the backends; configuration, never constants. */
    endpoints: z.record(z.string(), z.string()).default({}),
    sdkType: z.string().default('portico'),
    sdkVersion: z.string().default('portico-0.1.0'),
    siweConfig: z.unknown().optional(),
    siwx: z.unknown().optional(),
    storage: z.custom<KeyValueStorage>((s) => typeof s === 'object' && s !== null && 'getItem' in s).optional(),
    /** Overrides mobile detection (for tests and hosts that know better). */
    isMobile: z.custom<() => boolean>((f) => typeof f === 'function').optional(),
  })
  .refine((o) => !(o.siweConfig !== undefined && o.siwx !== undefined), {
    message: 'Cannot set both `siweConfig` and `siwx` options',
  })

/** What a host passes; network definitions may be readonly (adapters export them frozen). */
export type KernelOptions = Omit<z.input<typeof KernelOptionsSchema>, 'networks' | 'plugins'> & {
  networks?: ReadonlyArray<string | CaipNetworkLike>
  plugins?: ReadonlyArray<PluginDefinition>
}
export type ResolvedKernelOptions = z.output<typeof KernelOptionsSchema>
