/**
 * The wagmi example's configuration: build-time defaults (`__PORTICO_WAGMI_DEFAULTS__`) under
 * `<meta name="portico-config" content="{json}">`, which the stack's server writes (the same tag as the demo's,
 * see scripts/lib/stack.ts). `?theme=dark` starts in the dark theme; `?debug` exposes the kernel as
 * `window.__portico` and the wagmi config as `window.__wagmi`.
 */
declare const __PORTICO_WAGMI_DEFAULTS__: Partial<WagmiExampleConfig> | undefined

export type WagmiExampleConfig = {
  api: string
  relay: string
  frame: string
  /** JSON-RPC URL per eip155 chain id (the local anvil chains). */
  rpc: Record<string, string>
  debug: boolean
  theme: 'light' | 'dark'
}

const FALLBACK: WagmiExampleConfig = {
  api: 'http://localhost:4310',
  relay: 'ws://localhost:4330',
  frame: 'http://localhost:4320',
  rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
  debug: false,
  theme: 'light',
}

function metaConfig(): Partial<WagmiExampleConfig> {
  const content = document.querySelector('meta[name="portico-config"]')?.getAttribute('content')
  if (!content) return {}
  try {
    const parsed = JSON.parse(content)
    return typeof parsed === 'object' && parsed !== null ? parsed : {}
  } catch {
    console.warn('[portico wagmi example] ignoring a malformed <meta name="portico-config">')
    return {}
  }
}

export function readConfig(href = location.href): WagmiExampleConfig {
  const defaults = typeof __PORTICO_WAGMI_DEFAULTS__ === 'undefined' ? {} : __PORTICO_WAGMI_DEFAULTS__
  const config: WagmiExampleConfig = { ...FALLBACK, ...defaults, ...metaConfig() }
  const query = new URL(href).searchParams
  const debug = query.get('debug')
  if (debug !== null) config.debug = debug !== '0' && debug !== 'false'
  const theme = query.get('theme')
  if (theme === 'light' || theme === 'dark') config.theme = theme
  return config
}
