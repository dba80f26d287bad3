import type { Kernel } from '@portico/kernel'
import { getAddress, type Address } from 'viem'

/** The kernel's eip155 connection as an app library sees it: the account, its chain and the connector behind it. */
export type Eip155Connection = {
  address: Address
  accounts: readonly [Address, ...Address[]]
  chainId: number
  connectorId: string
}

/**
 * Reads the kernel's eip155 connection, or `undefined` when no eip155 account is connected. The chain comes from
 * the account's CAIP address, which the kernel moves on every switch (from the modal or from the wallet).
 *
 * @example
 * const connection = readEip155Connection(kernel) // { address: '0xf39F…', chainId: 31337, … }
 */
export function readEip155Connection(kernel: Pick<Kernel, 'getState'>): Eip155Connection | undefined {
  const state = kernel.getState()
  const account = state.chains.accounts.eip155
  if (account?.status !== 'connected' || !account.address || !account.connectorId) return undefined
  const record = state.connection.connections.find((c) => c.namespace === 'eip155')
  const reference = account.caipAddress?.split(':')[1] ?? String(record?.chainId ?? '')
  const chainId = Number(reference)
  if (!Number.isInteger(chainId) || chainId <= 0) return undefined
  const address = getAddress(account.address)
  const others = account.allAccounts.map((a) => getAddress(a.address)).filter((a) => a !== address)
  return { address, accounts: [address, ...others], chainId, connectorId: account.connectorId }
}

const same = (a: Eip155Connection | undefined, b: Eip155Connection | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.address === b.address &&
    a.chainId === b.chainId &&
    a.connectorId === b.connectorId &&
    a.accounts.join() === b.accounts.join())

/**
 * Calls `listener` whenever the kernel's eip155 connection changes (connected, disconnected, another account,
 * another chain or connector), with the new and the previous value. Returns the unsubscribe.
 *
 * @example
 * const stop = watchEip155Connection(kernel, (next) => console.log(next?.chainId))
 */
export function watchEip155Connection(
  kernel: Pick<Kernel, 'getState' | 'subscribe'>,
  listener: (next: Eip155Connection | undefined, previous: Eip155Connection | undefined) => void,
): () => void {
  let current = readEip155Connection(kernel)
  return kernel.subscribe(() => {
    const next = readEip155Connection(kernel)
    if (same(next, current)) return
    const previous = current
    current = next
    listener(next, previous)
  })
}
