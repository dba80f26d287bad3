import type { PluginManifest } from '@portico/contracts/plugin'
import { DEFAULT_COMPOSITION, FONTS, THEME_DEFAULTS, type Composition } from './composition.js'
import type { ComposerEnv } from './env.js'
import { withRequirements } from './manifest.js'

/** The chain namespace each adapter plugin of this repository provides. */
export const ADAPTER_NAMESPACES: Readonly<Record<string, string>> = { evm: 'eip155', solana: 'solana', polkadot: 'polkadot', bitcoin: 'bip122' }

/** Where the composer's legal checkbox points (placeholders the host replaces with its own documents). */
export const LEGAL_PLACEHOLDER = { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' } as const

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
type FeatureValue = boolean | { [key: string]: JsonValue }

/** The `createKernel` options of a composition, as plain data (what the preview runs and the code spells out). */
export type ComposedOptions = {
  projectId: string
  remotes: { manifestUrl: string }
  adapters: string[]
  networks: string[]
  features: Record<string, FeatureValue>
  connectMethodsOrder?: string[]
  themeMode: 'light' | 'dark'
  themeVariables?: Record<string, string>
  enableNetworkSwitch?: boolean
  allowUnsupportedChain?: boolean
  locale?: string
  endpoints: { api: string; relay: string; frame: string }
}

/** The picked plugins that are in the manifest, with what they require, in manifest order. */
export function pickedPlugins(c: Pick<Composition, 'plugins'>, manifest: PluginManifest): string[] {
  return withRequirements(c.plugins, manifest)
}

/** The theme variables a composition sets: only those that differ from the modal's own values. */
export function themeVariablesOf(c: Composition): Record<string, string> {
  const v: Record<string, string> = {}
  if (c.accent !== THEME_DEFAULTS.accent) {
    v.accent = c.accent
    v.accentHover = `color-mix(in srgb, ${c.accent} 86%, black)`
    v.focusRing = c.accent
  }
  if (c.cardRadius !== THEME_DEFAULTS.cardRadius) v.radiusCard = `${c.cardRadius}px`
  if (c.controlRadius !== THEME_DEFAULTS.controlRadius) {
    v.radiusMd = `${c.controlRadius}px`
    v.radiusSm = `${Math.round(c.controlRadius * 0.75)}px`
  }
  const font = FONTS[c.font].value
  if (font) v.fontFamily = font
  return v
}

function featureOptions(name: string, c: Composition, env: ComposerEnv): FeatureValue {
  if (name === 'evm') return { rpcUrls: Object.fromEntries(Object.entries(env.rpc).map(([id, url]) => [id, [url]])) }
  if (name === 'solana') return { local: { ...env.solana, name: 'Solana Local' } }
  if (name === 'connect' && (c.legal || c.collapseWallets)) {
    return { ...(c.legal ? { legal: { ...LEGAL_PLACEHOLDER } } : {}), ...(c.collapseWallets ? { collapseWallets: true } : {}) }
  }
  return true
}

/**
 * The `createKernel` options a composition stands for: the picked plugins (and their requirements) switched on,
 * with their options, every other plugin of the manifest switched off (a manifest plugin loads unless its flag is
 * `false`), and only the options that differ from the kernel's defaults.
 *
 * @example
 * kernelOptionsOf(DEFAULT_COMPOSITION, env, manifest).features // { evm: { rpcUrls: … }, injected: true, …, walletconnect: false }
 */
export function kernelOptionsOf(c: Composition, env: ComposerEnv, manifest: PluginManifest): ComposedOptions {
  const picked = pickedPlugins(c, manifest)
  const adapters = picked.filter((p) => manifest[p]!.kind === 'adapter' && ADAPTER_NAMESPACES[p]).map((p) => ADAPTER_NAMESPACES[p]!)
  const networks = [
    ...(adapters.includes('eip155') ? Object.keys(env.rpc).map((id) => `eip155:${id}`) : []),
    ...(adapters.includes('solana') ? [env.solana.caipNetworkId] : []),
  ]
  const features: Record<string, FeatureValue> = {}
  for (const name of picked) features[name] = featureOptions(name, c, env)
  for (const name of Object.keys(manifest)) if (!picked.includes(name)) features[name] = false
  const themeVariables = themeVariablesOf(c)
  const d = DEFAULT_COMPOSITION
  return {
    projectId: env.projectId,
    remotes: { manifestUrl: env.manifestUrl },
    adapters,
    networks,
    features,
    ...(c.connectMethodsOrder.join() !== d.connectMethodsOrder.join() ? { connectMethodsOrder: [...c.connectMethodsOrder] } : {}),
    themeMode: c.themeMode,
    ...(Object.keys(themeVariables).length ? { themeVariables } : {}),
    ...(c.networkSwitch ? {} : { enableNetworkSwitch: false }),
    ...(c.allowUnsupportedChain ? { allowUnsupportedChain: true } : {}),
    ...(c.locale !== 'en' ? { locale: c.locale } : {}),
    endpoints: { api: env.api, relay: env.relay, frame: env.frame },
  }
}

// ---- TypeScript printing ----------------------------------------------------------------------------------

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const MAX_LINE = 110

const str = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
const key = (k: string) => (IDENTIFIER.test(k) ? k : str(k))

/** A value as a TypeScript expression: on one line when it fits, else one entry per line. */
export function printValue(value: JsonValue, indent = ''): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return str(value)
  if (typeof value !== 'object') return String(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const flat = `[${value.map((v) => printValue(v, inner)).join(', ')}]`
    if (!flat.includes('\n') && indent.length + flat.length <= MAX_LINE) return flat
    return `[\n${value.map((v) => `${inner}${printValue(v, inner)},`).join('\n')}\n${indent}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  const flat = `{ ${entries.map(([k, v]) => `${key(k)}: ${printValue(v, inner)}`).join(', ')} }`
  if (!flat.includes('\n') && indent.length + flat.length <= MAX_LINE) return flat
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${printValue(v, inner)},`).join('\n')}\n${indent}}`
}

/**
 * The composition as TypeScript a host pastes into its entry file: `createKernel` with the options, the picked
 * plugins on, the others off under a comment. With `link`, a comment points back to the composition.
 *
 * @example
 * optionsCode(composition, env, manifest) // "import { createKernel } from '@portico/kernel'\n…"
 */
export function optionsCode(c: Composition, env: ComposerEnv, manifest: PluginManifest, link?: string): string {
  const options = kernelOptionsOf(c, env, manifest)
  const on = Object.entries(options.features).filter(([, v]) => v !== false)
  const off = Object.entries(options.features).filter(([, v]) => v === false)
  const i1 = '  '
  const i2 = '    '
  const featureLines = [
    ...(on.length ? [`${i2}// picked: loaded from the plugin CDN when the modal needs them`] : []),
    ...on.map(([k, v]) => `${i2}${key(k)}: ${printValue(v as JsonValue, i2)},`),
    ...(off.length ? [`${i2}// in the manifest, not picked: a manifest plugin loads unless it is switched off`] : []),
    ...off.map(([k]) => `${i2}${key(k)}: false,`),
  ]
  const lines: string[] = []
  for (const [k, v] of Object.entries(options)) {
    if (k === 'features') lines.push(`${i1}features: {`, ...featureLines, `${i1}},`)
    else if (k === 'projectId') lines.push(`${i1}// your project id on the Portico api (its allowed origins must list your site)`, `${i1}projectId: ${str(v as string)},`)
    else if (k === 'remotes') lines.push(`${i1}// your plugin CDN: the remotes to deploy and their manifest`, `${i1}remotes: ${printValue(v as JsonValue, i1)},`)
    else if (k === 'endpoints') lines.push(`${i1}// your deployments of the backends (services/api, services/relay, services/frame)`, `${i1}endpoints: ${printValue(v as JsonValue, i1)},`)
    else lines.push(`${i1}${key(k)}: ${printValue(v as JsonValue, i1)},`)
  }
  return [
    "import { createKernel } from '@portico/kernel'",
    "import '@portico/kernel/styles.css'",
    '',
    ...(link ? [`// Composed with the Portico composer: ${link}`] : []),
    'export const kernel = createKernel({',
    ...lines,
    '})',
    '',
  ].join('\n')
}

/**
 * The remotes to deploy: the picked plugins and what they require, as the CDN manifest lists them, each from its own
 * remote: the first-open bundle of the full CDN holds plugins this composition may leave out, and is not deployed.
 */
export function deployManifest(c: Pick<Composition, 'plugins'>, manifest: PluginManifest): PluginManifest {
  return Object.fromEntries(
    pickedPlugins(c, manifest).map((name) => {
      const { bundle: _bundle, ...entry } = manifest[name]!
      return [name, entry]
    }),
  )
}

/**
 * The remotes to deploy as text: one line per remote (its folder, entry file, version and integrity), then the
 * `manifest.json` that lists exactly them.
 *
 * @example
 * remotesText(composition, manifest) // "connect/  connect/remoteEntry.js  0.1.0  sha384-…\n…"
 */
export function remotesText(c: Pick<Composition, 'plugins'>, manifest: PluginManifest): string {
  const subset = deployManifest(c, manifest)
  const names = Object.keys(subset)
  const width = Math.max(0, ...names.map((n) => n.length + 1))
  const entryWidth = Math.max(0, ...names.map((n) => subset[n]!.entry.length))
  return [
    `# ${names.length} remote${names.length === 1 ? '' : 's'} to deploy: copy these folders of dist/cdn/ to your plugin CDN`,
    ...names.map((n) => `${`${n}/`.padEnd(width)}  ${subset[n]!.entry.padEnd(entryWidth)}  ${subset[n]!.version}  ${subset[n]!.integrity}`),
    '',
    '# and serve this manifest.json beside them (remotes.manifestUrl points at it)',
    JSON.stringify(subset, null, 2),
    '',
  ].join('\n')
}
