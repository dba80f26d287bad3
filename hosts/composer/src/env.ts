/**
 * Where the composer's preview points: the plugin CDN, the backends and the local chains. In increasing priority:
 * build-time defaults (`__PORTICO_COMPOSER_DEFAULTS__`, from the env ports at build time), then
 * `<meta name="portico-config" content="{json}">`, which the stack's server writes (the same runtime config as the
 * demo's), then with `?debug` in the query `?manifest=<url>` (tests point the composer at another manifest).
 */
declare const __PORTICO_COMPOSER_DEFAULTS__: Partial<ComposerEnv> | undefined

export type ComposerEnv = {
  projectId: string
  /** The plugin CDN's manifest, which lists the plugins to pick from. */
  manifestUrl: string
  api: string
  relay: string
  frame: string
  /** JSON-RPC URL per eip155 chain id (the local anvil chains in development). */
  rpc: Record<string, string>
  /** The local Solana chain, used when the solana adapter is picked. */
  solana: { rpcUrl: string; wsUrl?: string; caipNetworkId: string }
  /** Exposes the preview's kernel as `window.__portico` (`?debug`). */
  debug: boolean
}

export const FALLBACK_ENV: ComposerEnv = {
  projectId: 'portico-dev',
  manifestUrl: 'http://localhost:4301/manifest.json',
  api: 'http://localhost:4310',
  relay: 'ws://localhost:4330',
  frame: 'http://localhost:4320',
  rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
  solana: { rpcUrl: 'http://localhost:8899', wsUrl: 'ws://localhost:8900', caipNetworkId: 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP' },
  debug: false,
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//.test(v)
const isWsUrl = (v: unknown): v is string => typeof v === 'string' && /^wss?:\/\//.test(v)

/** Keeps the fields of `raw` that have the right shape; the rest stay as in `base`. */
export function mergeEnv(base: ComposerEnv, raw: unknown): ComposerEnv {
  if (!isObject(raw)) return base
  const out: ComposerEnv = { ...base, rpc: { ...base.rpc }, solana: { ...base.solana } }
  if (typeof raw.projectId === 'string' && raw.projectId.trim()) out.projectId = raw.projectId.trim()
  if (isHttpUrl(raw.manifestUrl)) out.manifestUrl = raw.manifestUrl
  if (isHttpUrl(raw.api)) out.api = raw.api
  if (isWsUrl(raw.relay)) out.relay = raw.relay
  if (isHttpUrl(raw.frame)) out.frame = raw.frame
  if (isObject(raw.rpc)) {
    const rpc = Object.entries(raw.rpc).filter((e): e is [string, string] => /^\d+$/.test(e[0]) && isHttpUrl(e[1]))
    if (rpc.length) out.rpc = Object.fromEntries(rpc)
  }
  if (isObject(raw.solana)) {
    if (isHttpUrl(raw.solana.rpcUrl)) out.solana.rpcUrl = raw.solana.rpcUrl
    if (isWsUrl(raw.solana.wsUrl)) out.solana.wsUrl = raw.solana.wsUrl
    if (typeof raw.solana.caipNetworkId === 'string' && raw.solana.caipNetworkId.startsWith('solana:')) out.solana.caipNetworkId = raw.solana.caipNetworkId
  }
  return out
}

function metaConfig(): unknown {
  const content = document.querySelector('meta[name="portico-config"]')?.getAttribute('content')
  if (!content) return undefined
  try {
    return JSON.parse(content)
  } catch {
    console.warn('[portico composer] ignoring a malformed <meta name="portico-config">')
    return undefined
  }
}

/**
 * The composer's environment for this page.
 *
 * @example
 * const env = readEnv() // { manifestUrl: 'http://localhost:4301/manifest.json', ... }
 */
export function readEnv(href = location.href): ComposerEnv {
  const defaults = typeof __PORTICO_COMPOSER_DEFAULTS__ === 'undefined' ? undefined : __PORTICO_COMPOSER_DEFAULTS__
  const env = mergeEnv(mergeEnv(FALLBACK_ENV, defaults), metaConfig())
  const query = new URL(href).searchParams
  env.debug = query.has('debug') && !['0', 'false'].includes(query.get('debug') ?? '')
  const manifest = query.get('manifest')
  if (env.debug && manifest) env.manifestUrl = new URL(manifest, href).href
  return env
}
