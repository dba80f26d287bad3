/**
 * A wagmi app with Portico as its connect modal. The kernel bundles the evm, injected, walletconnect, connect and
 * account plugins (as hosts/bundled does); `createPorticoWagmiConfig` gives wagmi one connector that follows whatever the visitor
 * connects in the modal. Everything else is how a wagmi user writes an app: WagmiProvider, QueryClientProvider
 * and wagmi's hooks.
 */
import { createRoot } from 'react-dom/client'
import { QueryClient } from '@tanstack/react-query'
import { defineChain } from 'viem'
import { createKernel } from '@portico/kernel'
import { anvil, anvil2, evm, withRpcUrls } from '@portico/plugin-evm'
import { injected } from '@portico/plugin-injected'
import { walletConnect } from '@portico/plugin-walletconnect'
import { connect } from '@portico/plugin-connect'
import { account } from '@portico/plugin-account'
import { createPorticoWagmiConfig } from '@portico/wagmi'
import { App } from './App.js'
import { readConfig } from './config.js'
import '@portico/kernel/styles.css'
import './styles.css'

const config = readConfig()
document.documentElement.dataset.theme = config.theme
const rpcUrls = Object.fromEntries(Object.entries(config.rpc).map(([id, url]) => [id, [url]]))
const networks = [anvil, anvil2].map((n) => {
  const url = config.rpc[String(n.id)]
  return url ? withRpcUrls(n, [url]) : n
})

const kernel = createKernel({
  projectId: 'portico-dev',
  metadata: { name: 'Portico + wagmi', description: 'A wagmi app with Portico', url: location.origin, icons: [] },
  adapters: ['eip155'],
  networks,
  // WalletConnect pairs through `endpoints.relay` (the stack's relay in development)
  plugins: [evm({ rpcUrls }), injected(), walletConnect(), connect(), account()],
  endpoints: { api: config.api, relay: config.relay, frame: config.frame },
  themeMode: config.theme,
  debug: config.debug,
})

// the same chains for wagmi, as viem chain objects
const chains = networks.map((n) =>
  defineChain({ id: n.id, name: n.name, nativeCurrency: n.nativeCurrency, rpcUrls: { default: { http: [...n.rpcUrls.default.http] } } }),
) as [ReturnType<typeof defineChain>, ...ReturnType<typeof defineChain>[]]
const wagmiConfig = createPorticoWagmiConfig({ kernel, chains })
const queryClient = new QueryClient()

if (config.debug) Object.assign(window, { __portico: kernel, __wagmi: wagmiConfig })

/** Switches the page and the modal between light and dark. */
function setTheme(mode: 'light' | 'dark') {
  document.documentElement.dataset.theme = mode
  kernel.setThemeMode(mode)
}

createRoot(document.getElementById('root')!).render(
  <App kernel={kernel} wagmiConfig={wagmiConfig} queryClient={queryClient} initialTheme={config.theme} setTheme={setTheme} />,
)
