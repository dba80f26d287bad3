import type { Kernel } from '@portico/kernel'
import { getAddress, SwitchChainError, UserRejectedRequestError, type EIP1193Provider } from 'viem'
import { ChainNotConfiguredError, createConnector } from 'wagmi'
import { readEip155Connection, watchEip155Connection, type Eip155Connection } from './eip155.js'
import { createPorticoEip1193Provider } from './provider.js'

/** The part of the kernel the connector uses. */
export type PorticoKernel = Pick<Kernel, 'getState' | 'subscribe' | 'getConnector' | 'ready' | 'open' | 'connect' | 'disconnect' | 'switchNetwork'>

export type PorticoConnectorParameters = {
  /** The Portico kernel whose eip155 connection this connector follows. */
  kernel: PorticoKernel
}

/**
 * Waits for the visitor to connect an eip155 wallet in the modal; rejects with viem's `UserRejectedRequestError`
 * when the modal closes first.
 */
function connectInModal(kernel: PorticoKernel): Promise<Eip155Connection> {
  return new Promise((resolve, reject) => {
    let opened = false
    const stop = kernel.subscribe(() => {
      const connection = readEip155Connection(kernel)
      if (connection) return void (stop(), resolve(connection))
      const open = kernel.getState().modal.open
      if (open) opened = true
      else if (opened) stop(), reject(new UserRejectedRequestError(new Error('The Portico modal was closed before a wallet connected.')))
    })
    kernel.open().catch((error: unknown) => (stop(), reject(error)))
  })
}

/**
 * A wagmi connector backed by the Portico kernel: it is connected exactly when an eip155 wallet is connected
 * through Portico (injected, WalletConnect or embedded), and stays in sync both ways. Connecting, disconnecting or
 * switching network in the modal updates wagmi; `connect`, `disconnect` and `switchChain` through wagmi drive the
 * kernel (connect opens the modal). On reload wagmi's own reconnect restores it once the kernel has restored its
 * session, without a prompt.
 *
 * @example
 * const config = createConfig({ chains: [mainnet], connectors: [porticoConnector({ kernel })], transports: { [mainnet.id]: http() } })
 */
export function porticoConnector(parameters: PorticoConnectorParameters) {
  const { kernel } = parameters
  type Provider = ReturnType<typeof createPorticoEip1193Provider>
  let provider: Provider | undefined
  let unwatch: (() => void) | undefined

  return createConnector<EIP1193Provider>((config) => ({
    id: 'portico',
    name: 'Portico',
    type: porticoConnector.type,
    async setup() {
      // the kernel is the source of truth: its changes reach wagmi as connector events, whichever side caused them
      unwatch?.()
      unwatch = watchEip155Connection(kernel, (next, previous) => {
        if (!next) return void config.emitter.emit('disconnect')
        if (!previous) return void config.emitter.emit('connect', { accounts: next.accounts, chainId: next.chainId })
        config.emitter.emit('change', { accounts: next.accounts, chainId: next.chainId })
      })
    },
    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      let connection = readEip155Connection(kernel)
      if (!connection && isReconnecting) {
        await kernel.ready
        connection = readEip155Connection(kernel)
      }
      if (!connection) {
        if (isReconnecting) throw new UserRejectedRequestError(new Error('No Portico session to restore.'))
        connection = await connectInModal(kernel)
      }
      if (chainId !== undefined && chainId !== connection.chainId) {
        await this.switchChain!({ chainId })
        connection = readEip155Connection(kernel) ?? connection
      }
      const accounts = withCapabilities ? connection.accounts.map((address) => ({ address, capabilities: {} })) : connection.accounts
      return { accounts: accounts as never, chainId: connection.chainId }
    },
    async disconnect() {
      if (readEip155Connection(kernel)) await kernel.disconnect('eip155')
    },
    async getAccounts() {
      return readEip155Connection(kernel)?.accounts ?? []
    },
    async getChainId() {
      return readEip155Connection(kernel)?.chainId ?? config.chains[0].id
    },
    async getProvider() {
      provider ??= createPorticoEip1193Provider(kernel)
      return provider
    },
    async isAuthorized() {
      // a stored session is restored while the kernel gets ready
      await kernel.ready
      return readEip155Connection(kernel) !== undefined
    },
    async switchChain({ chainId }) {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      try {
        await kernel.switchNetwork(`eip155:${chainId}`)
      } catch (error) {
        throw new SwitchChainError(error as Error)
      }
      return chain
    },
    // wallet events arrive through the kernel (see setup); these relay anything wagmi hands over directly
    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect()
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
    },
    onChainChanged(chain) {
      config.emitter.emit('change', { chainId: Number(chain) })
    },
    onDisconnect() {
      config.emitter.emit('disconnect')
    },
  }))
}
porticoConnector.type = 'portico' as const
