import { useState, useSyncExternalStore } from 'react'
import { ConnectButton, PorticoProvider, type Kernel } from '@portico/kernel'
import { formatBalance, truncateAddress } from '@portico/contracts'
import { KNOWN_FEATURES, withQuery, type DemoConfig } from './config.js'

type Props = { kernel: Kernel; config: DemoConfig; setTheme: (mode: 'light' | 'dark') => void }

function useKernelState<T>(kernel: Kernel, select: (state: ReturnType<Kernel['getState']>) => T): T {
  return useSyncExternalStore(kernel.subscribe, () => select(kernel.getState()))
}

function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--demo-accent)" />
      <path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="white" />
    </svg>
  )
}

function ThemeToggle({ mode, onChange }: { mode: 'light' | 'dark'; onChange: (m: 'light' | 'dark') => void }) {
  const next = mode === 'light' ? 'dark' : 'light'
  return (
    <button type="button" className="demo-icon-button" data-testid="demo-theme-toggle" aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} onClick={() => onChange(next)}>
      {mode === 'light' ? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" /></svg>
      ) : (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="4.5" fill="currentColor" /><g stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></g></svg>
      )}
    </button>
  )
}

function AccountPanel({ kernel }: { kernel: Kernel }) {
  const namespace = useKernelState(kernel, (s) => s.chains.activeNamespace)
  const account = useKernelState(kernel, (s) => (namespace ? s.chains.accounts[namespace] : undefined))
  const networkId = useKernelState(kernel, (s) => s.chains.activeCaipNetworkId)
  const networkName = useKernelState(kernel, (s) => s.chains.networks.find((n) => n.caipNetworkId === networkId)?.name)
  const connected = account?.status === 'connected' && account.address
  return (
    <section className="demo-card" data-testid="demo-account-panel" aria-labelledby="demo-account-title">
      <h2 id="demo-account-title">Your account</h2>
      {connected ? (
        <>
          <dl className="demo-facts">
            <dt>Address</dt>
            <dd data-testid="demo-account-address" title={account.address}>{truncateAddress(account.address!)}</dd>
            <dt>Network</dt>
            <dd data-testid="demo-account-network" title={networkId}>{networkName ?? networkId ?? 'unknown'}</dd>
            {account.balance !== undefined && (
              <>
                <dt>Balance</dt>
                <dd>{formatBalance(account.balance, account.balanceSymbol)}</dd>
              </>
            )}
            {account.connectedWalletInfo?.name && (
              <>
                <dt>Wallet</dt>
                <dd>{account.connectedWalletInfo.name}</dd>
              </>
            )}
          </dl>
          <div className="demo-actions" data-testid="demo-account-actions">
            <button type="button" className="demo-button secondary" onClick={() => kernel.open('Account')}>Open account</button>
          </div>
        </>
      ) : (
        <p className="demo-muted" data-testid="demo-account-empty">
          Not connected. Use <strong>Connect Wallet</strong> to pick a wallet; the account and its actions show up here.
        </p>
      )}
    </section>
  )
}

const STATUS_LABEL = { loading: 'loading', ready: 'loaded', failed: 'failed' } as const

function PluginsPanel({ kernel, config }: { kernel: Kernel; config: DemoConfig }) {
  const statuses = useKernelState(kernel, (s) => s.plugins.byName)
  const features = [...new Set([...KNOWN_FEATURES, ...config.features, ...config.off, ...Object.keys(statuses)])]
  const [off, setOff] = useState(() => new Set(config.off))
  const changed = off.size !== config.off.length || config.off.some((f) => !off.has(f))
  const reload = withQuery({
    features: features.filter((f) => !off.has(f) && (KNOWN_FEATURES as readonly string[]).includes(f)).join(',') || null,
    off: [...off].join(',') || null,
  })
  return (
    <section className="demo-card" data-testid="demo-plugins-panel" aria-labelledby="demo-plugins-title">
      <h2 id="demo-plugins-title">Plugins</h2>
      <p className="demo-muted">
        Loaded at runtime from the plugin CDN when first needed, each checked against its sha384 hash.
      </p>
      <ul className="demo-plugins">
        {features.map((name) => {
          const status = statuses[name]
          return (
            <li key={name}>
              <label>
                <input
                  type="checkbox"
                  checked={!off.has(name)}
                  onChange={(e) => {
                    const next = new Set(off)
                    if (e.target.checked) next.delete(name)
                    else next.add(name)
                    setOff(next)
                  }}
                />
                <code>{name}</code>
              </label>
              <span className={`demo-status ${status?.status ?? 'idle'}`} data-testid={`demo-plugin-${name}`} title={status?.error}>
                {status ? STATUS_LABEL[status.status] : config.off.includes(name) ? 'off' : 'not loaded yet'}
              </span>
            </li>
          )
        })}
      </ul>
      {changed && (
        <a className="demo-button secondary" href={reload}>
          Reload with these plugins
        </a>
      )}
    </section>
  )
}

const POINTS = [
  ['A tiny kernel', 'Views, a store, hooks and plugins. Every connector, chain and feature is a plugin.'],
  ['Nothing loads early', 'This page made no request for the modal yet. Open it and watch the network tab.'],
  ['Self-hostable', 'The plugin CDN, the blockchain API and the relay all run from this repository.'],
  ['Safe to embed', 'Works under a strict Content-Security-Policy and verifies every remote plugin.'],
] as const

export function App({ kernel, config, setTheme }: Props) {
  const [mode, setMode] = useState(config.theme)
  const changeTheme = (m: 'light' | 'dark') => {
    setMode(m)
    setTheme(m)
  }
  return (
    <PorticoProvider kernel={kernel}>
      <div className="demo-page">
        <header className="demo-topbar">
          <a className="demo-brand" href={withQuery({})} aria-label="Portico demo home">
            <Logo />
            <span>Portico</span>
          </a>
          <div className="demo-topbar-actions">
            <ThemeToggle mode={mode} onChange={changeTheme} />
            <ConnectButton />
          </div>
        </header>

        <main>
          <section className="demo-hero">
            <p className="demo-eyebrow">Open source · self-hostable</p>
            <h1>Wallet connection that loads only what you use.</h1>
            <p className="demo-lead">
              Portico is an embeddable modal that lets visitors connect a browser wallet, a WalletConnect wallet or an
              email wallet. A small kernel runs in your page; everything else arrives as plugins, on demand.
            </p>
            <div className="demo-hero-actions">
              <button type="button" className="demo-button" data-testid="demo-open" onClick={() => kernel.open()}>
                Open the modal
              </button>
            </div>
          </section>

          <div className="demo-grid">
            <AccountPanel kernel={kernel} />
            <PluginsPanel kernel={kernel} config={config} />
          </div>

          <section className="demo-points" aria-label="What sets Portico apart">
            {POINTS.map(([title, text]) => (
              <article key={title} className="demo-point">
                <h3>{title}</h3>
                <p>{text}</p>
              </article>
            ))}
          </section>
        </main>

        <footer className="demo-footer">
          <span>Plugin manifest: <code>{config.manifestUrl}</code></span>
          <span>API: <code>{config.api}</code></span>
        </footer>
      </div>
    </PorticoProvider>
  )
}
