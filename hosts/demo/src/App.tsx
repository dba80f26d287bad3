import { memo, useCallback, useRef, useState, useSyncExternalStore } from 'react'
import { ConnectButton, PorticoProvider, type Kernel } from '@portico/kernel'
import { formatBalance, truncateAddress } from '@portico/contracts/spec'
import { BITCOIN_SEND_TO, DEMO_LOCALES, KNOWN_FEATURES, readFlag, SEND_VALUE_LAMPORTS, SEND_VALUE_SATS, SEND_VALUE_WEI, SIGN_MESSAGE, SOLANA_SEND_TO, SIWX_ENABLED_KEY, SIWX_REQUIRED_KEY, withQuery, writeFlag, type DemoConfig } from './config.js'

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

/** The modal's language: each button calls `kernel.setLocale`, which loads that language pack from the CDN. */
function LocalePicker({ kernel }: { kernel: Kernel }) {
  const current = useKernelState(kernel, (s) => s.locale.code)
  const [pending, setPending] = useState<string>()
  const [failed, setFailed] = useState<string>()
  const choose = (code: string) => {
    setPending(code)
    setFailed(undefined)
    kernel.setLocale(code).then(
      () => setPending(undefined),
      (error) => (setPending(undefined), setFailed(errorText(error))),
    )
  }
  return (
    <div className="demo-locales" role="group" aria-label="Modal language" aria-busy={pending !== undefined} title={failed}>
      {DEMO_LOCALES.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          className="demo-locale"
          data-testid={`locale-${l.code}`}
          aria-pressed={current.split('-')[0] === l.code}
          title={l.name}
          disabled={pending !== undefined}
          onClick={() => choose(l.code)}
        >
          {l.label}
        </button>
      ))}
      {failed && (
        <span role="alert" className="demo-locale-error">
          {failed}
        </span>
      )}
    </div>
  )
}

/** What an action last did: nothing yet, waiting for the wallet, a result, or the error's text. */
type ActionState = { status: 'idle' } | { status: 'pending' } | { status: 'ok'; value: string } | { status: 'error'; message: string }

/** The first line of an error's short message (viem errors carry details and a version after it). */
function errorText(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown } | undefined
  const text = typeof e?.shortMessage === 'string' && e.shortMessage ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error)
  return text.split('\n')[0]!.trim() || 'Something went wrong'
}

/** Runs `run` and keeps its result or error text for display; a reset drops the answer of a run still going. */
function useAction(run: () => Promise<string>): [ActionState, () => void, () => void] {
  const [state, setState] = useState<ActionState>({ status: 'idle' })
  const generation = useRef(0)
  const start = () => {
    const mine = ++generation.current
    setState({ status: 'pending' })
    run().then(
      (value) => mine === generation.current && setState({ status: 'ok', value }),
      (error) => mine === generation.current && setState({ status: 'error', message: errorText(error) }),
    )
  }
  const reset = () => {
    generation.current++
    setState({ status: 'idle' })
  }
  return [state, start, reset]
}

const shortHash = (hash: string) => (hash.length > 22 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash)

function ActionResult({ testId, label, state, explorerUrl }: { testId: string; label: string; state: ActionState; explorerUrl?: string }) {
  if (state.status === 'idle') return null
  return (
    <div className={`demo-result ${state.status}`} data-testid={testId} data-status={state.status} role="status" aria-live="polite">
      {state.status === 'pending' && <span className="demo-muted-inline">Waiting for the wallet…</span>}
      {state.status === 'error' && <span className="demo-result-error">{state.message}</span>}
      {state.status === 'ok' && (
        <>
          <span className="demo-result-label">{label}</span>
          {explorerUrl ? (
            <a className="demo-hash" href={explorerUrl} target="_blank" rel="noreferrer" title={state.value} data-value={state.value}>
              {shortHash(state.value)}
            </a>
          ) : (
            <code className={`demo-hash${label === 'Signature' ? ' demo-signature' : ''}`} title={state.value} data-value={state.value}>
              {label === 'Signature' ? state.value : shortHash(state.value)}
            </code>
          )}
        </>
      )}
    </div>
  )
}

function AccountPanel({ kernel, config }: { kernel: Kernel; config: DemoConfig }) {
  const namespace = useKernelState(kernel, (s) => s.chains.activeNamespace)
  const account = useKernelState(kernel, (s) => (namespace ? s.chains.accounts[namespace] : undefined))
  const networkId = useKernelState(kernel, (s) => s.chains.activeCaipNetworkId)
  const network = useKernelState(kernel, (s) => s.chains.networks.find((n) => n.caipNetworkId === networkId))
  const connected = account?.status === 'connected' && account.address
  const symbol = account?.balanceSymbol ?? network?.nativeCurrency?.symbol ?? 'ETH'
  const [sign, startSign, resetSign] = useAction(() => kernel.signMessage(SIGN_MESSAGE))
  // 0.01 of the native currency: ETH to `sendTo`, or SOL to the local Solana chain's second dev key
  // (or BTC to the Bitcoin Dev Wallet's ordinals address)
  const sendTo = namespace === 'solana' ? SOLANA_SEND_TO : namespace === 'bip122' ? BITCOIN_SEND_TO : config.sendTo
  const [send, startSend, resetSend] = useAction(() =>
    kernel.sendTransaction({ to: sendTo, value: namespace === 'solana' ? SEND_VALUE_LAMPORTS : namespace === 'bip122' ? SEND_VALUE_SATS : SEND_VALUE_WEI }),
  )
  const explorer = network?.blockExplorers?.default?.url?.replace(/\/$/, '')
  // a result belongs to the account and network it was made with
  const owner = `${account?.address ?? ''}|${networkId ?? ''}`
  const [shownFor, setShownFor] = useState(owner)
  if (shownFor !== owner) {
    setShownFor(owner)
    resetSign()
    resetSend()
  }
  return (
    <section className="demo-card" data-testid="demo-account-panel" aria-labelledby="demo-account-title">
      <div className="demo-card-head">
        <h2 id="demo-account-title">Your account</h2>
        {connected && (
          <button type="button" className="demo-button secondary small" data-testid="demo-open-account" onClick={() => kernel.open('Account')}>
            Open account
          </button>
        )}
      </div>
      {connected ? (
        <>
          <dl className="demo-facts">
            <dt>Address</dt>
            <dd data-testid="demo-address" title={account.address}>{truncateAddress(account.address!)}</dd>
            {account.profileName && (
              <>
                <dt>Name</dt>
                <dd data-testid="demo-name">
                  {account.profileImage && <img className="demo-avatar" src={account.profileImage} alt="" width={20} height={20} />}
                  {account.profileName}
                </dd>
              </>
            )}
            <dt>Network</dt>
            <dd data-testid="demo-network" title={networkId}>{network?.name ?? (networkId ? `${networkId} (unsupported)` : 'unknown')}</dd>
            <dt>Balance</dt>
            <dd data-testid="demo-balance" aria-busy={account.balanceLoading || undefined}>
              {account.balance !== undefined ? formatBalance(account.balance, symbol) : account.balanceLoading ? 'loading…' : '—'}
            </dd>
            {account.connectedWalletInfo?.name && (
              <>
                <dt>Wallet</dt>
                <dd>{account.connectedWalletInfo.name}</dd>
              </>
            )}
          </dl>
          <div className="demo-actions" data-testid="demo-account-actions">
            <button type="button" className="demo-button" data-testid="demo-sign" disabled={sign.status === 'pending'} onClick={startSign}>
              {sign.status === 'pending' ? 'Signing…' : 'Sign message'}
            </button>
            <button type="button" className="demo-button" data-testid="demo-send" disabled={send.status === 'pending'} onClick={startSend}>
              {send.status === 'pending' ? 'Sending…' : `Send 0.01 ${symbol}`}
            </button>
          </div>
          <p className="demo-note">
            Signs “{SIGN_MESSAGE}”; sends 0.01 {symbol} to <code title={sendTo}>{truncateAddress(sendTo)}</code>.
          </p>
          <div className="demo-results">
            <ActionResult testId="demo-sign-result" label="Signature" state={sign} />
            <ActionResult testId="demo-send-result" label="Transaction" state={send} explorerUrl={send.status === 'ok' && explorer ? `${explorer}/tx/${send.value}` : undefined} />
          </div>
        </>
      ) : (
        <p className="demo-muted" data-testid="demo-account-empty">
          Not connected. Use <strong>Connect Wallet</strong> to pick a wallet; the account and its actions show up here.
        </p>
      )}
      <SignInPanel kernel={kernel} config={config} />
    </section>
  )
}

type SiwxSessionLike = { data?: { accountAddress?: string; chainId?: string } }

/**
 * Sign in with X on the demo: "Sign in after connect" turns the siwx plugin on (read when the kernel is made, so the
 * page reloads), "Require sign-in" makes the prompt impossible to dismiss (read each time it opens), and the current
 * session is shown.
 */
function SignInPanel({ kernel, config }: { kernel: Kernel; config: DemoConfig }) {
  const session = useKernelState(kernel, (s) => (s as { siwx?: { session?: SiwxSessionLike } }).siwx?.session)
  const [required, setRequired] = useState(() => readFlag(SIWX_REQUIRED_KEY))
  const toggleEnabled = (on: boolean) => {
    writeFlag(SIWX_ENABLED_KEY, on)
    location.href = withQuery({ siwx: null })
  }
  const toggleRequired = (on: boolean) => {
    writeFlag(SIWX_REQUIRED_KEY, on)
    setRequired(on)
  }
  const shown = session?.data?.accountAddress ? `${session.data.accountAddress} · ${session.data.chainId ?? ''}` : ''
  return (
    <div className="demo-siwx" data-testid="demo-siwx">
      <h3 className="demo-subtitle">Sign in with X</h3>
      <label className="demo-switch">
        <input type="checkbox" role="switch" data-testid="demo-siwx-enabled" checked={config.siwx} onChange={(e) => toggleEnabled(e.target.checked)} />
        Sign in after connect
      </label>
      <label className="demo-switch">
        <input
          type="checkbox"
          role="switch"
          data-testid="demo-siwx-required"
          checked={required}
          disabled={!config.siwx}
          onChange={(e) => toggleRequired(e.target.checked)}
        />
        Require sign-in
      </label>
      <p className="demo-note">
        Session: <code data-testid="demo-session" title={shown}>{shown}</code>
        {!shown && <span className="demo-muted"> none</span>}
      </p>
    </div>
  )
}

const STATUS_LABEL = { loading: 'loading', ready: 'loaded', failed: 'failed' } as const

type PluginStatusOf = ReturnType<Kernel['getState']>['plugins']['byName'][string]

/** One plugin of the panel: re-rendered only when its own status or switch changes (the others keep theirs). */
const PluginRow = memo(function PluginRow({
  name,
  status,
  on,
  offByPage,
  toggle,
}: {
  name: string
  status: PluginStatusOf | undefined
  on: boolean
  offByPage: boolean
  toggle: (name: string, on: boolean) => void
}) {
  return (
    <li>
      <label>
        <input type="checkbox" checked={on} onChange={(e) => toggle(name, e.target.checked)} />
        <code>{name}</code>
      </label>
      <span className={`demo-status ${status?.status ?? 'idle'}`} data-testid={`demo-plugin-${name}`} title={status?.error}>
        {status ? STATUS_LABEL[status.status] : offByPage ? 'off' : 'not loaded yet'}
      </span>
    </li>
  )
})

function PluginsPanel({ kernel, config }: { kernel: Kernel; config: DemoConfig }) {
  const statuses = useKernelState(kernel, (s) => s.plugins.byName)
  const features = [...new Set([...KNOWN_FEATURES, ...config.features, ...config.off, ...Object.keys(statuses)])]
  const [off, setOff] = useState(() => new Set(config.off))
  const toggle = useCallback((name: string, on: boolean) => {
    setOff((current) => {
      const next = new Set(current)
      if (on) next.delete(name)
      else next.add(name)
      return next
    })
  }, [])
  const changed = off.size !== config.off.length || config.off.some((f) => !off.has(f))
  // built only when offered: this panel re-renders with every plugin status change while the modal opens
  const reload = changed
    ? withQuery({
        features: features.filter((f) => !off.has(f) && (KNOWN_FEATURES as readonly string[]).includes(f)).join(',') || null,
        off: [...off].join(',') || null,
      })
    : undefined
  return (
    <section className="demo-card" data-testid="demo-plugins-panel" aria-labelledby="demo-plugins-title">
      <h2 id="demo-plugins-title">Plugins</h2>
      <p className="demo-muted">
        Loaded at runtime from the plugin CDN when first needed, each checked against its sha384 hash.
      </p>
      <ul className="demo-plugins">
        {features.map((name) => (
          <PluginRow key={name} name={name} status={statuses[name]} on={!off.has(name)} offByPage={config.off.includes(name)} toggle={toggle} />
        ))}
      </ul>
      {reload && (
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
            <LocalePicker kernel={kernel} />
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
            <AccountPanel kernel={kernel} config={config} />
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
