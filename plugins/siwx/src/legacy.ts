import type { Session, SignInMessage } from '@portico/contracts/schemas'
import type { SiwxConfig } from './config.js'
import { SessionRefusedError } from './errors.js'
import { splitChainId } from './message/format.js'

/** What the incumbent's `createMessage` received: EIP-4361 fields, `address` as a CAIP-10 account id. */
export type LegacySiweMessageArgs = {
  address: string
  chainId: number
  nonce: string
  domain: string
  uri: string
  version: '1'
  statement?: string
  iat?: string
  exp?: string
  nbf?: string
  requestId?: string
  resources?: string[]
}

/** The incumbent's `siweConfig` (eip155 only); Portico maps it onto {@link SiwxConfig}. */
export type LegacySiweConfig = {
  getNonce: (address?: string) => Promise<string> | string
  createMessage: (args: LegacySiweMessageArgs) => string
  verifyMessage: (args: { message: string; signature: string }) => Promise<boolean> | boolean
  getSession: () => Promise<{ address: string; chainId: number } | null | undefined> | { address: string; chainId: number } | null | undefined
  signOut: () => Promise<boolean> | boolean
  /** Default true, as it was. */
  required?: boolean
  /** Default true; `false` turns sign-in off. */
  enabled?: boolean
  signOutOnDisconnect?: boolean
  onSignIn?: (session: { address: string; chainId: number }) => void
  onSignOut?: () => void
}

/**
 * Maps the legacy shape onto the new one. The legacy backend keeps one session and only reports its address and
 * chain, so the session read back carries the fields it knows and no signature of its own.
 */
export function legacySiweConfig(legacy: LegacySiweConfig): SiwxConfig | undefined {
  if (legacy.enabled === false) return undefined
  return {
    required: legacy.required ?? true,
    namespaces: ['eip155'],
    signOutOnDisconnect: legacy.signOutOnDisconnect ?? true,
    getNonce: ({ accountAddress }) => legacy.getNonce(accountAddress),
    createMessage: (input) => {
      const [, reference] = splitChainId(input.chainId)
      const data = {
        chainId: input.chainId,
        accountAddress: input.accountAddress,
        nonce: input.nonce,
        domain: input.domain,
        uri: input.uri,
        version: '1' as const,
        ...(input.statement ? { statement: input.statement } : {}),
        issuedAt: input.now.toISOString(),
        expirationTime: new Date(input.now.getTime() + input.expiresInMs).toISOString(),
      }
      const serializedMessage = legacy.createMessage({
        address: `${input.chainId}:${input.accountAddress}`,
        chainId: Number(reference),
        nonce: data.nonce,
        domain: data.domain,
        uri: data.uri,
        version: '1',
        ...(data.statement ? { statement: data.statement } : {}),
        iat: data.issuedAt,
        exp: data.expirationTime,
      })
      return { ...data, serializedMessage }
    },
    addSession: async (session) => {
      if (!(await legacy.verifyMessage({ message: session.message, signature: session.signature })))
        throw new SessionRefusedError('The server did not accept the signature.')
      const [, reference] = splitChainId(session.data.chainId)
      legacy.onSignIn?.({ address: session.data.accountAddress, chainId: Number(reference) })
    },
    getSessions: async (chainId, accountAddress) => {
      const s = await legacy.getSession()
      if (!s || `eip155:${s.chainId}` !== chainId || s.address.toLowerCase() !== accountAddress.toLowerCase()) return []
      return [restoredSession(chainId, s.address)]
    },
    revokeSession: async () => {
      await legacy.signOut()
      legacy.onSignOut?.()
    },
    setSessions: async (sessions) => {
      if (sessions.length === 0) {
        await legacy.signOut()
        legacy.onSignOut?.()
      }
    },
  }
}

/** A session the legacy backend vouches for (its cookie), rebuilt from the address and chain it reports. */
function restoredSession(chainId: string, address: string): Session {
  const data = { chainId: chainId as SignInMessage['chainId'], accountAddress: address, nonce: 'legacy', domain: 'legacy', uri: 'legacy:session', version: '1' as const }
  return { data, message: `Session kept by the siweConfig backend for ${address} on ${chainId}.`, signature: 'legacy' }
}
