import { BaseError } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'

/** The part of the kernel the ethers adapters use. */
export type PorticoKernel = Pick<Kernel, 'getState' | 'subscribe' | 'getConnector'>

/** The kernel's eip155 connection: the account, its chain and the connector behind it. */
export type Eip155Connection = { address: string; chainId: number; connectorId: string }

/** Thrown when a signer is asked for while no eip155 wallet is connected through Portico. */
export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError'
  constructor() {
    super('No eip155 wallet is connected through Portico; connect one in the modal first.', { code: 'NOT_CONNECTED' })
  }
}

/** Reads the kernel's eip155 connection; `undefined` when no eip155 account is connected. */
export function readEip155Connection(kernel: Pick<Kernel, 'getState'>): Eip155Connection | undefined {
  const state = kernel.getState()
  const account = state.chains.accounts.eip155
  if (account?.status !== 'connected' || !account.address || !account.connectorId) return undefined
  // the account's CAIP address carries the chain; the kernel moves it on every switch, from the modal or the wallet
  const record = state.connection.connections.find((c) => c.namespace === 'eip155')
  const chainId = Number(account.caipAddress?.split(':')[1] ?? record?.chainId)
  if (!Number.isInteger(chainId) || chainId <= 0) return undefined
  return { address: account.address, chainId, connectorId: account.connectorId }
}

/** A key that changes when the account, the chain or the connector does. */
export const connectionKey = (c: Eip155Connection | undefined) => (c ? `${c.connectorId}|${c.chainId}|${c.address.toLowerCase()}` : '')

/** The EIP-1193 provider of the connection's connector. */
export async function eip1193ProviderOf(kernel: PorticoKernel, connection: Eip155Connection): Promise<{ request: (args: { method: string; params?: unknown }) => Promise<unknown> }> {
  const provider = await kernel.getConnector(connection.connectorId)?.getProvider('eip155')
  if (!provider || typeof (provider as { request?: unknown }).request !== 'function') throw new NotConnectedError()
  return provider as { request: (args: { method: string; params?: unknown }) => Promise<unknown> }
}
