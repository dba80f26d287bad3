import { createRoot } from 'react-dom/client'
import { createKernel } from '@portico/kernel'
import { App } from './App.js'
import { BITCOIN_NETWORK_IDS, connectOptions, demoNetworkIds, embeddedWalletOptions, evmOptions, readConfig, POLKADOT_NETWORK_IDS, readFlag, SIWX_REQUIRED_KEY, solanaOptions } from './config.js'
import '@portico/kernel/styles.css'
import './styles.css'

const config = readConfig()
document.documentElement.dataset.theme = config.theme

// Building the kernel makes no request: the plugins (and the manifest, unless inlined) load when the modal first opens.
const kernel = createKernel({
  projectId: config.projectId || undefined,
  metadata: { name: 'Portico demo', description: 'Portico demo host', url: location.origin, icons: [] },
  // the manifest inlined by the server saves its round trip on the first open; entries resolve against the URL.
  // `sources`: other publishers' manifests (the stack's third-party CDN), each pinned to its publisher's key
  remotes: { manifestUrl: config.manifestUrl, manifest: config.manifest as never, sources: config.sources },
  adapters: ['eip155', ...(config.solanaEnabled ? (['solana'] as const) : []), ...(config.polkadotEnabled ? (['polkadot'] as const) : []), ...(config.bitcoinEnabled ? (['bip122'] as const) : [])],
  networks: [...demoNetworkIds(config), ...(config.solanaEnabled ? [config.solana.caipNetworkId] : []), ...(config.polkadotEnabled ? POLKADOT_NETWORK_IDS : []), ...(config.bitcoinEnabled ? BITCOIN_NETWORK_IDS : [])],
  // plugins in the manifest load unless switched off; solana only with `?solana=1`
  features: Object.fromEntries([
    ['evm', evmOptions(config)],
    ['solana', config.solanaEnabled ? solanaOptions(config) : false],
    ['polkadot', config.polkadotEnabled],
    ['bitcoin', config.bitcoinEnabled],
    // sign-in loads only when the page turns it on (its remote would otherwise load with every first open)
    ['siwx', config.siwx],
    ...config.features.map((f) => [f, (f === 'connect' && connectOptions()) || true] as const),
    // `?accountTypes=`: the account an email or social user starts with (else the smart account where a chain has one)
    ...(embeddedWalletOptions() ? [['embedded-wallet', embeddedWalletOptions()] as const] : []),
    ...config.off.map((f) => [f, false] as const),
  ]),
  themeMode: config.theme,
  endpoints: { api: config.api, relay: config.relay, frame: config.frame },
  debug: config.debug,
  // 'intent' (the default): pointing at or focusing the Connect button starts loading the modal
  preload: config.preload,
  locale: config.locale,
  // sign in with the wallet after a connect (`?siwx=1` or the page's switch); "required" is read each time the
  // prompt opens, so the page's switch needs no reload. The api verifies every session (nonce, origins, signature)
  // and keeps it, so a reload keeps it and a revoke anywhere ends it; `endpoints.api` and `projectId` say where
  // (without a project id the api cannot check origins: the browser-only local verifier stands in).
  ...(config.siwx
    ? { siwx: { verifier: config.projectId ? 'server' : 'local', required: () => readFlag(SIWX_REQUIRED_KEY), statement: 'Sign in to the Portico demo.' } }
    : {}),
})

if (config.debug) {
  ;(window as unknown as { __portico: typeof kernel }).__portico = kernel
}

// a social login that came back without a popup (redirect flow, Telegram, mobile): the socials plugin completes it
// and removes `result_uri` from the address bar (SPEC §4), so load it now rather than on the first open
if (new URLSearchParams(location.search).has('result_uri')) void kernel.plugins.load('socials').catch((error) => console.warn('[portico demo] socials:', error))

/** Switches the page and the modal between light and dark. */
function setTheme(mode: 'light' | 'dark') {
  document.documentElement.dataset.theme = mode
  kernel.setThemeMode(mode)
}

createRoot(document.getElementById('root')!).render(<App kernel={kernel} config={config} setTheme={setTheme} />)
