import { useSyncExternalStore } from 'react'
import { ConnectButton, PorticoProvider, type Kernel } from '@portico/kernel'
import { formatBalance, truncateAddress } from '@portico/contracts/spec'

function useKernelState<T>(kernel: Kernel, select: (state: ReturnType<Kernel['getState']>) => T): T {
  return useSyncExternalStore(kernel.subscribe, () => select(kernel.getState()))
}

/** The connected account: address, network and balance (the same test ids as the demo's panel). */
function AccountPanel({ kernel }: { kernel: Kernel }) {
  const namespace = useKernelState(kernel, (s) => s.chains.activeNamespace)
  const account = useKernelState(kernel, (s) => (namespace ? s.chains.accounts[namespace] : undefined))
  const networkId = useKernelState(kernel, (s) => s.chains.activeCaipNetworkId)
  const network = useKernelState(kernel, (s) => s.chains.networks.find((n) => n.caipNetworkId === networkId))
  if (account?.status !== 'connected' || !account.address) {
    return <p data-testid="demo-account-empty">Not connected.</p>
  }
  const symbol = account.balanceSymbol ?? network?.nativeCurrency?.symbol ?? 'ETH'
  return (
    <dl data-testid="demo-account-panel">
      <dt>Address</dt>
      <dd data-testid="demo-address" title={account.address}>{truncateAddress(account.address)}</dd>
      <dt>Network</dt>
      <dd data-testid="demo-network" title={networkId}>{network?.name ?? networkId ?? 'unknown'}</dd>
      <dt>Balance</dt>
      <dd data-testid="demo-balance">{account.balance !== undefined ? formatBalance(account.balance, symbol) : '—'}</dd>
    </dl>
  )
}

export function App({ kernel }: { kernel: Kernel }) {
  return (
    <PorticoProvider kernel={kernel}>
      <main className="bundled-page">
        <header>
          <h1>Portico, bundled plugins</h1>
          <ConnectButton />
        </header>
        <p>The kernel with the evm, injected, connect and account plugins in this page's own bundle: no plugin CDN.</p>
        <AccountPanel kernel={kernel} />
      </main>
    </PorticoProvider>
  )
}
