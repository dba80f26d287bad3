import '@portico/contracts/zod-config'
import type { HttpClient, PluginContext, PorticoState, Unsubscribe } from '@portico/contracts/plugin'
import { profileReported } from '@portico/kernel'
import * as z from 'zod/mini'

/**
 * `IdentityResponseSchema` of @portico/contracts on zod/mini: the account plugin loads with the first open, and the
 * contracts' classic schemas would add ~20 KB to it (profile.test.tsx holds the two against each other).
 */
export const IdentitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })

/** How long a looked-up identity is kept (SPEC §9: identity 5 min). */
export const IDENTITY_CACHE_MS = 5 * 60_000

/** An address's name and avatar, null when it has none. */
export type Identity = { name: string | null; avatar: string | null }

/** Identities by lowercase address, each kept for {@link IDENTITY_CACHE_MS}; what the account itself reports wins. */
export class IdentityCache {
  private readonly entries = new Map<string, { identity: Identity; expires: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  /** The kept identity of `address`, while fresh. */
  get(address: string): Identity | undefined {
    const hit = this.entries.get(address.toLowerCase())
    return hit && hit.expires > this.now() ? hit.identity : undefined
  }

  /** Keeps `identity` for `address` for five minutes. */
  set(address: string, identity: Identity): void {
    this.entries.set(address.toLowerCase(), { identity, expires: this.now() + IDENTITY_CACHE_MS })
  }
}

/**
 * The name and avatar of an eip155 address from the api (`GET v1/identity/{address}`), through `cache`; undefined
 * when the api cannot say (unreachable, invalid answer): the account then shows its address.
 *
 * @example
 * const identity = await lookupIdentity(ctx.http, new IdentityCache(), '0xf39F…2266')
 */
export async function lookupIdentity(http: HttpClient, cache: IdentityCache, address: string, signal?: AbortSignal): Promise<Identity | undefined> {
  const kept = cache.get(address)
  if (kept) return kept
  const answer = await http.get({ path: `v1/identity/${address}`, schema: IdentitySchema, ...(signal ? { signal } : {}) })
  if (!answer) return undefined
  cache.set(address, answer)
  return answer
}

const evmAddress = (state: PorticoState) => {
  const account = state.chains.accounts.eip155
  return account?.status === 'connected' && account.address ? account.address : undefined
}

/**
 * Fills `profileName` / `profileImage` of the eip155 account (SPEC §3) whenever its address changes (connect,
 * restore, another account chosen in the wallet). A name reported by someone else (a registration) is kept in the
 * cache, so a later lookup of that address does not bring back the old answer. Names are eip155 only (SPEC §9).
 *
 * @example
 * setup(ctx) { return addProfileListeners(ctx) }
 */
export function addProfileListeners(
  ctx: Pick<PluginContext, 'startListening' | 'http' | 'log' | 'store'>,
  cache = new IdentityCache(),
): Unsubscribe {
  const refresh = async (api: { getState: () => PorticoState; dispatch: (action: ReturnType<typeof profileReported>) => unknown; signal?: AbortSignal }) => {
    const address = evmAddress(api.getState())
    // without an api there is no one to ask: the account shows its address
    if (!address || ctx.http.endpoint('api') === undefined) return
    let identity: Identity | undefined
    try {
      identity = await lookupIdentity(ctx.http, cache, address, api.signal)
    } catch (error) {
      ctx.log.warn('identity lookup failed:', error)
      return
    }
    // the wallet may have moved on while the answer was on its way
    if (!identity || evmAddress(api.getState())?.toLowerCase() !== address.toLowerCase()) return
    api.dispatch(profileReported({ namespace: 'eip155', name: identity.name, image: identity.avatar }))
  }
  const stopLookup = ctx.startListening({
    predicate: (_action, current, previous) => {
      const address = evmAddress(current)
      return address !== undefined && address !== evmAddress(previous)
    },
    effect: (_action, api) => refresh(api),
  })
  // set up after the account connected (a plugin loaded late): look it up now
  void refresh(ctx.store)
  const stopReports = ctx.startListening({
    actionCreator: profileReported,
    effect: (action: ReturnType<typeof profileReported>, api) => {
      const address = evmAddress(api.getState())
      if (action.payload.namespace === 'eip155' && address) cache.set(address, { name: action.payload.name, avatar: action.payload.image })
    },
  })
  return () => {
    stopLookup()
    stopReports()
  }
}
