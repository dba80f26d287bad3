import { useState } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { formatEther, parseEther, type Address } from 'viem'
import { WagmiProvider, useAccount, useBalance, useChains, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, useWaitForTransactionReceipt, type Config } from 'wagmi'
import { ConnectButton, PorticoProvider, type Kernel } from '@portico/kernel'

export const SIGN_MESSAGE = 'Hello from a wagmi app on Portico'

const shortError = (error: Error | null) => (error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : undefined)

/** useAccount and useBalance: what wagmi knows about the wallet connected in the Portico modal. */
function AccountCard() {
  const { address, chain, chainId, status } = useAccount()
  const balance = useBalance({ address })
  return (
    <section className="card">
      <h2>Account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain" data-chain-id={chainId ?? ''}>{chain ? `${chain.name} (${chain.id})` : '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="wagmi-balance">{balance.data ? `${Number(formatEther(balance.data.value)).toFixed(3)} ${balance.data.symbol}` : '—'}</dd>
      </dl>
    </section>
  )
}

/** useSignMessage. */
function SignCard() {
  const { signMessage, data, error, isPending } = useSignMessage()
  return (
    <section className="card">
      <h2>Sign a message</h2>
      <button type="button" data-testid="wagmi-sign" disabled={isPending} onClick={() => signMessage({ message: SIGN_MESSAGE })}>
        {isPending ? 'Waiting for signature…' : 'Sign message'}
      </button>
      {data && <output data-testid="wagmi-signature" className="mono">{data}</output>}
      {error && <p role="alert" data-testid="wagmi-sign-error" className="error">{shortError(error)}</p>}
    </section>
  )
}

/** useSendTransaction and useWaitForTransactionReceipt. */
function SendCard({ self }: { self: Address }) {
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.001')
  const { sendTransaction, data: hash, error, isPending } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  return (
    <section className="card">
      <h2>Send</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          sendTransaction({ to: (to || self) as Address, value: parseEther(amount) })
        }}
      >
        <label>
          To <input data-testid="wagmi-send-to" value={to} placeholder={self} onChange={(e) => setTo(e.target.value)} spellCheck={false} />
        </label>
        <label>
          Amount (ETH) <input data-testid="wagmi-send-amount" value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} />
        </label>
        <button type="submit" data-testid="wagmi-send" disabled={isPending}>{isPending ? 'Confirm in your wallet…' : 'Send'}</button>
      </form>
      {hash && <output data-testid="wagmi-tx" className="mono">{hash}</output>}
      {receipt.data && <p data-testid="wagmi-tx-status">{receipt.data.status === 'success' ? `Mined in block ${receipt.data.blockNumber}` : 'Reverted'}</p>}
      {error && <p role="alert" data-testid="wagmi-send-error" className="error">{shortError(error)}</p>}
    </section>
  )
}

/** useSwitchChain and useDisconnect. */
function NetworkCard() {
  const chains = useChains()
  const { chainId } = useAccount()
  const { switchChain, error, isPending } = useSwitchChain()
  const { disconnect } = useDisconnect()
  return (
    <section className="card">
      <h2>Network</h2>
      <div className="row">
        {chains.map((chain) => (
          <button key={chain.id} type="button" data-testid={`wagmi-switch-${chain.id}`} disabled={isPending || chain.id === chainId} onClick={() => switchChain({ chainId: chain.id })}>
            {chain.name}
          </button>
        ))}
      </div>
      {error && <p role="alert" data-testid="wagmi-switch-error" className="error">{shortError(error)}</p>}
      <button type="button" className="secondary" data-testid="wagmi-disconnect" onClick={() => disconnect()}>Disconnect</button>
    </section>
  )
}

function Connected() {
  const { address, isConnected } = useAccount()
  if (!isConnected || !address) return <p data-testid="wagmi-empty" className="empty">Connect a wallet with the button above: wagmi's hooks then work on it.</p>
  return (
    <>
      <SignCard />
      <SendCard self={address} />
      <NetworkCard />
    </>
  )
}

export function App(props: { kernel: Kernel; wagmiConfig: Config; queryClient: QueryClient; initialTheme: 'light' | 'dark'; setTheme: (mode: 'light' | 'dark') => void }) {
  const [theme, setTheme] = useState(props.initialTheme)
  const toggle = () => {
    const next = theme === 'light' ? 'dark' : 'light'
    setTheme(next)
    props.setTheme(next)
  }
  return (
    <WagmiProvider config={props.wagmiConfig}>
      <QueryClientProvider client={props.queryClient}>
        <PorticoProvider kernel={props.kernel}>
          <main className="wagmi-page">
            <header>
              <h1>Portico + wagmi</h1>
              <div className="row">
                <button type="button" className="secondary" data-testid="wagmi-theme" aria-label={`Switch to the ${theme === 'light' ? 'dark' : 'light'} theme`} onClick={toggle}>
                  {theme === 'light' ? 'Dark' : 'Light'}
                </button>
                <ConnectButton />
              </div>
            </header>
            <p className="lead">A wagmi app: its own WagmiProvider, QueryClientProvider and hooks, with Portico as the connect modal through <code>@portico/wagmi</code>.</p>
            <AccountCard />
            <Connected />
          </main>
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
