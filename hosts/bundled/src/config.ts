/**
 * The bundled host's configuration: build-time defaults (`__PORTICO_BUNDLED_DEFAULTS__`, from the env ports at
 * build time) under `<meta name="portico-config" content="{json}">`, which the stack's server writes (the same
 * tag as the demo's, see scripts/lib/stack.ts). `?debug` exposes the kernel as `window.__portico`;
 * `?preload=none|intent|idle` sets the kernel's `preload` option.
 */
declare const __PORTICO_BUNDLED_DEFAULTS__: Partial<BundledConfig> | undefined

export type BundledConfig = {
  api: string
  relay: string
  frame: string
  /** JSON-RPC URL per eip155 chain id (the local anvil chains). */
  rpc: Record<string, string>
  debug: boolean
  /** The kernel's `preload` option (`?preload=none|intent|idle`; default `intent`). */
  preload: 'none' | 'intent' | 'idle'
}

const FALLBACK: BundledConfig = {
  api: 'http://localhost:4310',
  relay: 'ws://localhost:4330',
  frame: 'http://localhost:4320',
  rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
  debug: false,
  preload: 'intent',
}

function metaConfig(): Partial<BundledConfig> {
  const content = document.querySelector('meta[name="portico-config"]')?.getAttribute('content')
  if (!content) return {}
  try {
    const parsed = JSON.parse(content)
    return typeof parsed === 'object' && parsed !== null ? parsed : {}
  } catch {
    console.warn('[portico bundled] ignoring a malformed <meta name="portico-config">')
    return {}
  }
}

export function readConfig(href = location.href): BundledConfig {
  const defaults = typeof __PORTICO_BUNDLED_DEFAULTS__ === 'undefined' ? {} : __PORTICO_BUNDLED_DEFAULTS__
  const config: BundledConfig = { ...FALLBACK, ...defaults, ...metaConfig() }
  const query = new URL(href).searchParams
  const preload = query.get('preload')
  if (preload === 'none' || preload === 'intent' || preload === 'idle') config.preload = preload
  const debug = query.get('debug')
  if (debug !== null) config.debug = debug !== '0' && debug !== 'false'
  return config
}
