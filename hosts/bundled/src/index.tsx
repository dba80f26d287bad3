/**
 * Portico with its plugins bundled: the kernel, the eip155 adapter, the injected (EIP-6963) connectors, the
 * Connect view and the Account view, all in this page's bundle. No plugin CDN and no federation runtime: the
 * size-conscious way to embed a fixed set of plugins. Building the kernel makes no request; the modal's chunks
 * load when it first opens.
 */
import { createRoot } from 'react-dom/client'
import { createKernel } from '@portico/kernel'
import { anvil, anvil2, evm, withRpcUrls } from '@portico/plugin-evm'
import { injected } from '@portico/plugin-injected'
import { connect } from '@portico/plugin-connect'
import { account } from '@portico/plugin-account'
import { App } from './App.js'
import { readConfig } from './config.js'
import '@portico/kernel/styles.css'
import './styles.css'

const config = readConfig()
const rpcUrls = Object.fromEntries(Object.entries(config.rpc).map(([id, url]) => [id, [url]]))
const networks = [anvil, anvil2].map((n) => {
  const url = config.rpc[String(n.id)]
  return url ? withRpcUrls(n, [url]) : n
})

const kernel = createKernel({
  projectId: 'portico-dev',
  metadata: { name: 'Portico, bundled plugins', description: 'Portico with its plugins bundled', url: location.origin, icons: [] },
  adapters: ['eip155'],
  networks,
  plugins: [evm({ rpcUrls }), injected(), connect(), account()],
  endpoints: { api: config.api, relay: config.relay, frame: config.frame },
  debug: config.debug,
  // 'intent' (the default): pointing at or focusing the Connect button starts loading the modal
  preload: config.preload,
})

if (config.debug) (window as unknown as { __portico: typeof kernel }).__portico = kernel

createRoot(document.getElementById('root')!).render(<App kernel={kernel} />)
