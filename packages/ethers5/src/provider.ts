import { providers } from 'ethers5'
import { connectionKey, eip1193ProviderOf, NotConnectedError, readEip155Connection, type PorticoKernel } from './connection.js'

/** What {@link watchPorticoEthers5} reports: ethers v5 objects for the current connection. */
export type PorticoEthers5State = { provider: providers.Web3Provider; signer: providers.JsonRpcSigner; address: string; chainId: number }

const cache = new WeakMap<PorticoKernel, { key: string; provider: Promise<providers.Web3Provider> }>()

/**
 * An ethers v5 `Web3Provider` on the wallet connected through Portico (its eip155 connection), or `undefined` when
 * none is. It is pinned to the connection's chain: after a network switch or another wallet this returns a new one,
 * so ethers never reports a network change under a running provider.
 *
 * @example
 * const provider = await getPorticoWeb3Provider(kernel)
 * const balance = await provider?.getBalance(address)
 */
export async function getPorticoWeb3Provider(kernel: PorticoKernel): Promise<providers.Web3Provider | undefined> {
  const connection = readEip155Connection(kernel)
  const key = connectionKey(connection)
  const cached = cache.get(kernel)
  if (cached?.key === key) return cached.provider
  // the previous provider stops polling and forgets its listeners
  if (cached) void cached.provider.then((p) => p.removeAllListeners(), () => {})
  if (!connection) return void cache.delete(kernel)
  const provider = eip1193ProviderOf(kernel, connection).then((eip1193) => new providers.Web3Provider(eip1193 as never, connection.chainId))
  provider.catch(() => cache.get(kernel)?.provider === provider && cache.delete(kernel))
  cache.set(kernel, { key, provider })
  return provider
}

/**
 * An ethers v5 `JsonRpcSigner` for the connected account; throws `NotConnectedError` when no eip155 wallet is
 * connected through Portico.
 *
 * @example
 * const signer = await getPorticoSigner(kernel)
 * const tx = await signer.sendTransaction({ to, value: utils.parseEther('0.1') })
 */
export async function getPorticoSigner(kernel: PorticoKernel): Promise<providers.JsonRpcSigner> {
  const connection = readEip155Connection(kernel)
  const provider = await getPorticoWeb3Provider(kernel)
  if (!connection || !provider) throw new NotConnectedError()
  return provider.getSigner(connection.address)
}

/**
 * Calls `listener` with a provider and signer for the current connection now and whenever the account, chain or
 * wallet changes, and with `undefined` while none is connected. Returns the unsubscribe.
 *
 * @example
 * const stop = watchPorticoEthers5(kernel, (state) => setSigner(state?.signer))
 */
export function watchPorticoEthers5(kernel: PorticoKernel, listener: (state: PorticoEthers5State | undefined) => void): () => void {
  let key: string | undefined
  let stopped = false
  const update = () => {
    const connection = readEip155Connection(kernel)
    const next = connectionKey(connection)
    if (next === key) return
    key = next
    if (!connection) return listener(undefined)
    void Promise.all([getPorticoWeb3Provider(kernel), getPorticoSigner(kernel)]).then(
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
