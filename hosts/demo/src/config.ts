/**
 * The demo's configuration, in increasing priority:
 * 1. build-time defaults (`__PORTICO_DEMO_DEFAULTS__`, from the env ports at build time);
 * 2. `<meta name="portico-config" content="{json}">`, which the demo's server writes from its env (no inline
 *    script, so the page keeps a strict CSP);
 * 3. the URL query: `?features=connect,account` (switched on), `?off=walletconnect` (switched off; a plugin in
 *    the manifest that neither list names loads as usual), `?theme=dark`, `?preload=none|intent|idle`, `?debug`,
 *    `?sendTo=0x…` (where "Send 0.01 ETH" sends), `?locale=es|ja|ar`, `?siwx=1` (sign in with the wallet after a connect; also
 *    the page's "Sign in with X" switch, kept in localStorage), `?solana=1` (the solana adapter on the local Solana chain,
 *    and the Dev Wallet's Solana wallet; off by default, so the page loads no Solana code), `?polkadot=1` (the polkadot
 *    adapter and the Dev Wallet's Polkadot extension; off by default), `?bitcoin=1` (the bitcoin adapter on regtest and
 *    the Dev Wallet's sats-connect wallet; off by default), `?accountTypes=eoa` (the embedded wallet's default account,
 *    {@link embeddedWalletOptions}), and with `debug` also
 *    `?manifest=<url>` (tests point the demo at another plugin CDN), `?sources=<json>` (the extra plugin sources,
 *    `[{"url":"…","publicKey":"…"}]`, replacing the configured ones; `[]` for none) and `?solanaRpc=<url>` (another
 *    local Solana chain).
 */
declare const __PORTICO_DEMO_DEFAULTS__: Partial<DemoConfig> | undefined

/** A plugin source: a manifest URL and, pinned, the key its publisher signs it with. */
export type DemoSource = { url: string; publicKey?: string; manifest?: Record<string, unknown> }

export type DemoConfig = {
  projectId: string
  manifestUrl: string
  api: string
  relay: string
  frame: string
  /** JSON-RPC URL per eip155 chain id (the local anvil chains in development). */
  rpc: Record<string, string>
  /** Feature plugins switched on. */
  features: string[]
  /** Plugins switched off (`features[name] = false`). */
  off: string[]
  theme: 'light' | 'dark'
  /** Exposes the kernel as `window.__portico` and switches on debug notifications. */
  debug: boolean
  /** The kernel's `preload` option (`?preload=none|intent|idle`; default `intent`). */
  preload: 'none' | 'intent' | 'idle'
  /** Where the demo's "Send 0.01 ETH" action sends (default: anvil's second dev account). */
  sendTo: string
  /** The modal's language (`?locale=es`; default `en`); the page's language picker changes it at runtime. */
  locale: string
  /**
   * The plugin manifest itself, when the server inlines it (the stack does): the first open skips fetching it.
   * Dropped with `?manifest=`, which points the page at another CDN.
   */
  manifest?: unknown
  /**
   * More plugin sources after the demo's own CDN (another publisher's manifest, its publisher key pinned): the stack
   * lists its "third-party CDN" here, so adding one is configuration, not a rebuild of the demo.
   */
  sources: DemoSource[]
  /** Sign in with X after a connect (the siwx plugin, sessions verified and kept by the api). */
  siwx: boolean
  /** The local Solana chain (the dev stack's LiteSVM behind the JSON-RPC). */
  solana: { rpcUrl: string; wsUrl?: string; caipNetworkId: string }
  /** The solana plugin on, with the local chain (`?solana=1`); off, it is switched off and never loads. */
  solanaEnabled: boolean
  /** The polkadot plugin on (`?polkadot=1`: Polkadot, Kusama, Westend and the Dev Wallet's extension); off, it never loads. */
  polkadotEnabled: boolean
  /** The bitcoin plugin on (`?bitcoin=1`: regtest first, and the Dev Wallet's sats-connect wallet); off, it never loads. */
  bitcoinEnabled: boolean
}

/** anvil's second dev account: the Dev Wallet's first account sends to it. */
export const DEFAULT_SEND_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The message "Sign message" signs. */
export const SIGN_MESSAGE = 'Hello from the Portico demo'

/** 0.01 ETH in wei. */
export const SEND_VALUE_WEI = 10_000_000_000_000_000n

/** On Solana, "Send 0.01 SOL" sends to the local chain's second dev key (tests/solana/keys.ts). */
export const SOLANA_SEND_TO = '34NdDoTDirezU2PMNBdnXoBPgohEkigF42WQnuF29Szx'

/** On Bitcoin, "Send 0.01 BTC" sends to the Dev Wallet's own regtest ordinals address (tests/wallets/bitcoin/keys.ts). */
export const BITCOIN_SEND_TO = 'bcrt1pqx9kenxgevh0tgqa4jmstmm7r66lw5yjur8k8rx2sg0gwyl2quys554qgl'

/** 0.01 BTC in satoshis. */
export const SEND_VALUE_SATS = 1_000_000n

/** 0.01 SOL in lamports. */
export const SEND_VALUE_LAMPORTS = 10_000_000n

const isAddress = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)

/** The languages the demo's picker offers: the shipped language packs and English. */
export const DEMO_LOCALES = [
  { code: 'en', label: 'EN', name: 'English' },
  { code: 'es', label: 'ES', name: 'Español' },
  { code: 'ja', label: '日本語', name: '日本語' },
  { code: 'ar', label: 'عربي', name: 'العربية' },
] as const

/** Every feature plugin the demo knows how to switch on, in display order. */
export const KNOWN_FEATURES = ['connect', 'account'] as const

const FALLBACK: DemoConfig = {
  projectId: 'portico-dev',
  manifestUrl: 'http://localhost:4301/manifest.json',
  api: 'http://localhost:4310',
  relay: 'ws://localhost:4330',
  frame: 'http://localhost:4320',
  rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
  features: ['connect', 'account'],
  off: [],
  theme: 'light',
  debug: false,
  preload: 'intent',
  sendTo: DEFAULT_SEND_TO,
  locale: 'en',
  sources: [],
  siwx: false,
  // the local chain's fixed genesis hash (tests/solana/keys.ts), cut to 32 characters for CAIP-2
  solana: { rpcUrl: 'http://localhost:8899', wsUrl: 'ws://localhost:8900', caipNetworkId: 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP' },
  solanaEnabled: false,
  polkadotEnabled: false,
  bitcoinEnabled: false,
}

function metaConfig(): Partial<DemoConfig> {
  const content = document.querySelector('meta[name="portico-config"]')?.getAttribute('content')
  if (!content) return {}
  try {
    const parsed = JSON.parse(content)
    return typeof parsed === 'object' && parsed !== null ? parsed : {}
  } catch {
    console.warn('[portico demo] ignoring a malformed <meta name="portico-config">')
    return {}
  }
}

const isHttpUrl = (v: unknown) => {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol)
  } catch {
    return false
  }
}

/** The well-formed sources of a list (config or query); the others are dropped with a warning. */
function readSources(raw: unknown, from: string): DemoSource[] {
  if (!Array.isArray(raw)) {
    console.warn(`[portico demo] ignoring ${from}: expected an array of { url, publicKey? }`)
    return []
  }
  return raw.flatMap((s: unknown) => {
    const { url, publicKey, manifest } = (s ?? {}) as { url?: unknown; publicKey?: unknown; manifest?: unknown }
    // an inlined manifest (the stack serves that CDN): the kernel validates it, and checks a pinned one's signature
    const inlined = typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest) ? { manifest: manifest as Record<string, unknown> } : {}
    if (isHttpUrl(url) && (publicKey === undefined || typeof publicKey === 'string')) return [{ url: url as string, ...(publicKey ? { publicKey } : {}), ...inlined }]
    console.warn(`[portico demo] ignoring the plugin source ${JSON.stringify(s)} of ${from}`)
    return []
  })
}

const truthy = (v: string | null) => v !== null && v !== '0' && v !== 'false'

/** localStorage keys of the page's "Sign in with X" switches. */
export const SIWX_ENABLED_KEY = 'portico-demo:siwx'
export const SIWX_REQUIRED_KEY = 'portico-demo:siwx-required'

/** A switch of the page kept in localStorage (false when storage is unavailable). */
export function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1'
  } catch {
    return false
  }
}

export function writeFlag(key: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key, '1')
    else localStorage.removeItem(key)
  } catch {
    /* private mode: the switch lasts for this page only */
  }
}

export function readConfig(href = location.href): DemoConfig {
  const defaults = typeof __PORTICO_DEMO_DEFAULTS__ === 'undefined' ? {} : __PORTICO_DEMO_DEFAULTS__
  const meta = metaConfig()
  const config: DemoConfig = { ...FALLBACK, ...defaults, ...meta }
  // the stack may give only the chain's URLs: the rest of the local chain's description stays
  config.solana = { ...FALLBACK.solana, ...defaults.solana, ...meta.solana }
  const query = new URL(href).searchParams
  const list = (key: string) => query.get(key)!.split(',').map((f) => f.trim()).filter(Boolean)
  if (query.has('features')) config.features = list('features')
  if (query.has('off')) config.off = list('off')
  // a known feature the query does not switch on is off
  if (query.has('features')) config.off = [...new Set([...config.off, ...KNOWN_FEATURES.filter((f) => !config.features.includes(f))])]
  config.features = config.features.filter((f) => !config.off.includes(f))
  const theme = query.get('theme')
  if (theme === 'light' || theme === 'dark') config.theme = theme
  else if (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches) config.theme = 'dark'
  if (query.has('debug')) config.debug = truthy(query.get('debug'))
  if (config.debug && query.get('manifest')) {
    config.manifestUrl = new URL(query.get('manifest')!, href).href
    delete config.manifest
  }
  config.sources = meta.sources === undefined ? [] : readSources(meta.sources, 'the page config\'s sources')
  if (config.debug && query.get('sources') !== null) {
    let raw: unknown
    try {
      raw = JSON.parse(query.get('sources')!)
    } catch {
      raw = undefined
    }
    config.sources = readSources(raw, '?sources=')
  }
  const preload = query.get('preload')
  if (preload === 'none' || preload === 'intent' || preload === 'idle') config.preload = preload
  if (query.get('projectId') !== null) config.projectId = query.get('projectId')!
  if (query.get('sendTo') !== null) config.sendTo = query.get('sendTo')!
  if (query.get('locale')) config.locale = query.get('locale')!
  if (query.has('solana')) config.solanaEnabled = truthy(query.get('solana'))
  if (query.has('polkadot')) config.polkadotEnabled = truthy(query.get('polkadot'))
  if (query.has('bitcoin')) config.bitcoinEnabled = truthy(query.get('bitcoin'))
  if (config.debug && query.get('solanaRpc')) config.solana = { ...config.solana, rpcUrl: query.get('solanaRpc')! }
  if (query.has('siwx')) config.siwx = truthy(query.get('siwx'))
  else config.siwx = readFlag(SIWX_ENABLED_KEY)
  if (!isAddress(config.sendTo)) {
    console.warn(`[portico demo] sendTo ${JSON.stringify(config.sendTo)} is not an address; sending to ${DEFAULT_SEND_TO}`)
    config.sendTo = DEFAULT_SEND_TO
  }
  return config
}

/**
 * The connect plugin's options (its `features.connect` object) from the query, all off unless asked for:
 * `?legal=1` (terms and privacy checkbox), `?collapse=1` (wallets behind "Continue with a wallet"), `?custom=1`
 * (two host-listed wallets). `undefined` when none is asked for.
 */
export function connectOptions(href = location.href): Record<string, unknown> | undefined {
  const query = new URL(href).searchParams
  const options: Record<string, unknown> = {}
  if (truthy(query.get('legal'))) options.legal = { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' }
  if (truthy(query.get('collapse'))) options.collapseWallets = true
  if (truthy(query.get('custom')))
    options.customWallets = [
      { id: 'acme', name: 'Acme Wallet', deepLink: 'acme://', universalLink: 'https://acme.example/wc', webappLink: 'https://acme.example/app' },
      { id: 'harbor', name: 'Harbor', deepLink: 'harbor://', webappLink: 'https://harbor.example' },
    ]
  return Object.keys(options).length ? options : undefined
}

/**
 * The embedded wallet's options (its `features['embedded-wallet']` object) from the query: `?accountTypes=eoa` (the
 * account an email or social user starts with on every eip155 chain) or per chain,
 * `?accountTypes=eip155:31337=eoa,eip155=smartAccount`. `undefined` without it; a malformed entry is dropped with a
 * warning.
 *
 * @example
 * embeddedWalletOptions('https://demo.test/?accountTypes=eip155:31337=eoa') // { defaultAccountTypes: { 'eip155:31337': 'eoa' } }
 */
export function embeddedWalletOptions(href = location.href): { defaultAccountTypes: Record<string, 'eoa' | 'smartAccount'> } | undefined {
  const raw = new URL(href).searchParams.get('accountTypes')
  if (!raw) return undefined
  const defaultAccountTypes: Record<string, 'eoa' | 'smartAccount'> = {}
  for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [chain, type] = entry.includes('=') ? entry.split('=', 2) : ['eip155', entry]
    if (/^eip155(:\d+)?$/.test(chain!) && (type === 'eoa' || type === 'smartAccount')) defaultAccountTypes[chain!] = type
    else console.warn(`[portico demo] ignoring ?accountTypes= entry ${JSON.stringify(entry)}: expected [eip155[:<chainId>]=]eoa|smartAccount`)
  }
  return Object.keys(defaultAccountTypes).length ? { defaultAccountTypes } : undefined
}

/** The same page with some query parameters changed (`null` removes one). */
/** The demo's networks: the local chains, which the evm adapter defines (CAIP-2 ids). */
export const demoNetworkIds = (config: DemoConfig) => Object.keys(config.rpc).map((id) => `eip155:${id}`)

/** The evm adapter's options: this config's RPC URL per chain. */
export const evmOptions = (config: DemoConfig) => ({
  rpcUrls: Object.fromEntries(Object.entries(config.rpc).map(([id, url]) => [id, [url]])),
})

/** The solana plugin's options (its `features.solana` object): the local chain, added after the well-known ones. */
export const solanaOptions = (config: DemoConfig) => ({ local: { ...config.solana, name: 'Solana Local' } })

/** The polkadot plugin's networks (CAIP-2 ids of Polkadot, Kusama and Westend), listed when `?polkadot=1`. */
export const POLKADOT_NETWORK_IDS = [
  'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  'polkadot:b0a8d493285c2df73290dfb7e61f870f',
  'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
] as const

/** The bitcoin networks the demo lists with `?bitcoin=1`: regtest (the Dev Wallet's), then mainnet (CAIP-2 ids). */
export const BITCOIN_NETWORK_IDS = ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'bip122:000000000019d6689c085ae165831e93'] as const

export function withQuery(changes: Record<string, string | null>, href = location.href): string {
  const url = new URL(href)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(key)
    else url.searchParams.set(key, value)
  }
  return url.pathname + url.search + url.hash
}
