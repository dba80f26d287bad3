import { BrowserProvider, type JsonRpcSigner } from 'ethers'
import { connectionKey, eip1193ProviderOf, NotConnectedError, readEip155Connection, type PorticoKernel } from './connection.js'

/** What {@link watchPorticoEthers} reports: ethers objects for the current connection. */
export type PorticoEthersState = { provider: BrowserProvider; signer: JsonRpcSigner; address: string; chainId: number }

const cache = new WeakMap<PorticoKernel, { key: string; provider: Promise<BrowserProvider> }>()

/**
 * An ethers v6 `BrowserProvider` on the wallet connected through Portico (its eip155 connection), or `undefined`
 * when none is. The provider is pinned to the connection's chain: after a network switch or another wallet this
 * returns a new one (the previous is destroyed), so ethers never sees a network change under it.
 *
 * @example
 * const provider = await getPorticoBrowserProvider(kernel)
 * const balance = await provider?.getBalance(address)
 */
export async function getPorticoBrowserProvider(kernel: PorticoKernel): Promise<BrowserProvider | undefined> {
  const connection = readEip155Connection(kernel)
  const key = connectionKey(connection)
  const cached = cache.get(kernel)
  if (cached?.key === key) return cached.provider
  if (cached) void cached.provider.then((p) => p.destroy(), () => {})
  if (!connection) return void cache.delete(kernel)
  const provider = eip1193ProviderOf(kernel, connection).then((eip1193) => new BrowserProvider(eip1193 as never, connection.chainId))
  provider.catch(() => cache.get(kernel)?.provider === provider && cache.delete(kernel))
  cache.set(kernel, { key, provider })
  return provider
}

/**
 * An ethers v6 `JsonRpcSigner` for the connected account; throws `NotConnectedError` when no eip155 wallet is
 * connected through Portico.
 *
 * @example
 * const signer = await getPorticoSigner(kernel)
 * const tx = await signer.sendTransaction({ to, value: parseEther('0.1') })
 */
export async function getPorticoSigner(kernel: PorticoKernel): Promise<JsonRpcSigner> {
  const connection = readEip155Connection(kernel)
  const provider = await getPorticoBrowserProvider(kernel)
  if (!connection || !provider) throw new NotConnectedError()
  return provider.getSigner(connection.address)
}

/**
 * Calls `listener` with a provider and signer for the current connection now and whenever the account, chain or
 * wallet changes, and with `undefined` while none is connected. Returns the unsubscribe.
 *
 * @example
 * const stop = watchPorticoEthers(kernel, (state) => setSigner(state?.signer))
 */
export function watchPorticoEthers(kernel: PorticoKernel, listener: (state: PorticoEthersState | undefined) => void): () => void {
  let key: string | undefined
  let stopped = false
  const update = () => {
    const connection = readEip155Connection(kernel)
    const next = connectionKey(connection)
    if (next === key) return
    key = next
    if (!connection) return listener(undefined)
    void Promise.all([getPorticoBrowserProvider(kernel), getPorticoSigner(kernel)]).then(
      ([provider, signer]) => {
        // a later change wins over this one
        if (stopped || key !== next || !provider) return
        listener({ provider, signer, address: connection.address, chainId: connection.chainId })
      },
      () => !stopped && key === next && listener(undefined),
    )
  }
  const unsubscribe = kernel.subscribe(update)
  update()
  return () => {
    stopped = true
    unsubscribe()
  }
}
