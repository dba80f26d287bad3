import { IdentityResponseSchema, ProfileAccountResponseSchema } from '@portico/contracts/api'
import type { HttpClient } from '@portico/contracts/plugin'
import { coinTypeForChainId, isAddress } from '@portico/contracts/spec'
import type { Kernel } from '@portico/kernel'
import { getAddress } from 'viem'
import { selectSend, sendActions } from './slice.js'

/** How long a receiver's looked-up name or identity is kept (SPEC §9: name 5 min, identity 5 min). */
export const RECEIVER_CACHE_MS = 5 * 60_000

/** Whether the typed receiver is a name with a suffix (`alice.portico.id`) rather than an address. */
export function isReceiverName(typed: string | undefined): boolean {
  return /^[a-zA-Z0-9-]{4,63}(\.[a-zA-Z0-9-]+)+$/.test(typed?.trim() ?? '')
}

/** A resolved name: its address on the chain (or on any EVM chain) and its avatar. */
export type ResolvedName = { name: string; address: string; avatar: string | null }

/**
 * The address a name is registered for (`GET v1/profile/account/{name}`): the one of the chain's coin type, else
 * the first it lists (an EVM address is one on every EVM chain); undefined when the name is not registered.
 * Throws when the name service cannot answer.
 *
 * @example
 * const resolved = await resolveName(kernel.http, 'alice.portico.id', 31337)
 */
export async function resolveName(http: HttpClient, name: string, chainId: number | string): Promise<ResolvedName | undefined> {
  const answer = await http.get({
    path: `v1/profile/account/${encodeURIComponent(name.trim())}`,
    query: { apiVersion: '2' },
    schema: ProfileAccountResponseSchema,
    cacheMs: RECEIVER_CACHE_MS,
  })
  if (answer === undefined) throw new Error('The name service answered with an invalid body.')
  if (Array.isArray(answer)) return undefined
  const entry = answer.addresses[String(coinTypeForChainId(chainId))] ?? Object.values(answer.addresses)[0]
  if (!entry || !isAddress(entry.address, 'eip155')) return undefined
  return { name: answer.name, address: getAddress(entry.address), avatar: answer.attributes?.avatar ?? null }
}

/**
 * Looks the typed receiver up on eip155 and stores the answer in the send slice: a name's address (or that no
 * address is registered for it), or an address's own name and avatar, shown beside it. Other namespaces have no
 * names (SPEC §9).
 *
 * @example
 * kernel.store.dispatch(sendActions.receiverChanged('alice.portico.id'))
 * await lookupReceiver(kernel)
 */
export async function lookupReceiver(kernel: Kernel): Promise<void> {
  const state = kernel.getState()
  const receiver = selectSend(state).receiverAddress
  const network = state.chains.networks.find((n) => n.caipNetworkId === state.chains.activeCaipNetworkId)
  if (!receiver || state.chains.activeNamespace !== 'eip155' || !network || kernel.http.endpoint('api') === undefined) return
  const typed = receiver.trim()
  if (isReceiverName(typed)) {
    kernel.store.dispatch(sendActions.receiverLookupStarted({ receiver }))
    try {
      const resolved = await resolveName(kernel.http, typed, network.id)
      if (!resolved) return void kernel.store.dispatch(sendActions.receiverUnresolved({ receiver, status: 'unknown' }))
      kernel.store.dispatch(sendActions.receiverResolved({ receiver, address: resolved.address, name: resolved.name, image: resolved.avatar }))
    } catch (error) {
      console.warn('[send] resolving the receiver name:', error) // eslint-disable-line no-console
      kernel.store.dispatch(sendActions.receiverUnresolved({ receiver, status: 'failed' }))
    }
    return
  }
  if (!isAddress(typed, 'eip155')) return
  try {
    const identity = await kernel.http.get({ path: `v1/identity/${getAddress(typed.startsWith('0x') ? typed : `0x${typed}`)}`, schema: IdentityResponseSchema, cacheMs: RECEIVER_CACHE_MS })
    if (identity?.name) kernel.store.dispatch(sendActions.receiverResolved({ receiver, name: identity.name, image: identity.avatar }))
  } catch {
    // the receiver's name is a courtesy: without it the address shows
  }
}
