import type { KeyValueStorage } from '@portico/contracts/plugin'
import { SessionSchema, type Session } from '@portico/contracts/schemas'
import { verifyMessage } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { covers, sameAddress, type SiwxConfig, type SiwxEnvironment } from './config.js'
import { SessionRefusedError } from './errors.js'
import { parseSignInMessage, splitChainId } from './message/format.js'
import { STORAGE_KEYS } from './storage.js'

export type LocalSiwxParameters = Pick<SiwxConfig, 'required' | 'statement' | 'expiresInMs' | 'signOutOnDisconnect'> & {
  /** How long an issued nonce may wait for its signature. Default 10 minutes. */
  nonceTtlMs?: number
  /** The clock (tests). */
  now?: () => number
}

type IssuedNonce = { nonce: string; expires: number }

/**
 * Sign-in checked in the browser, for development and demos: nonces, sessions and verification stay on this
 * device, so nothing stops a visitor from editing them. An app that trusts a session server-side needs a server
 * verifier (services/api). Verifies eip155 signatures of plain accounts (EOAs) with viem; other namespaces are
 * refused.
 *
 * @example
 * createKernel({ ..., plugins: [siwx()], siwx: localSiwx({ required: true }) })
 */
export function localSiwx(parameters: LocalSiwxParameters = {}) {
  return (environment: SiwxEnvironment): SiwxConfig => {
    const { storage } = environment
    const now = parameters.now ?? Date.now
    const nonceTtl = parameters.nonceTtlMs ?? 10 * 60 * 1000
    const sessions = () => readSessions(storage)
    const issued = async () => ((await storage.getItem<IssuedNonce[]>(STORAGE_KEYS.nonceToken)) ?? []).filter((n) => n.expires > now())
    const issue = async () => {
      const nonce = generateSiweNonce()
      await storage.setItem(STORAGE_KEYS.nonceToken, [...(await issued()), { nonce, expires: now() + nonceTtl }])
      return nonce
    }

    return {
      ...pick(parameters),
      namespaces: ['eip155'],
      getNonce: issue,
      // its nonces name no account anyway: one-click sign-in (WalletConnect) takes the same
      getPairingNonce: issue,
      async addSession(session) {
        const reason = await refusal(session, environment, now(), await issued())
        // the nonce is spent whatever the verdict: a refused message cannot be tried again
        await storage.setItem(STORAGE_KEYS.nonceToken, (await issued()).filter((n) => n.nonce !== session.data.nonce))
        if (reason) throw new SessionRefusedError(reason)
        const kept = (await sessions()).filter((s) => !(s.data.chainId === session.data.chainId && sameAddress(s.data.chainId, s.data.accountAddress, session.data.accountAddress)))
        await storage.setItem(STORAGE_KEYS.authToken, [...kept, session])
      },
      async getSessions(chainId, accountAddress) {
        return (await sessions()).filter((s) => covers(s, chainId, accountAddress, now()))
      },
      async revokeSession(chainId, accountAddress) {
        const kept = (await sessions()).filter((s) => !(s.data.chainId === chainId && sameAddress(chainId, s.data.accountAddress, accountAddress)))
        await storage.setItem(STORAGE_KEYS.authToken, kept)
      },
      async setSessions(list) {
        await storage.setItem(STORAGE_KEYS.authToken, [...list])
      },
    }
  }
}

/** Why a session is refused, or `undefined` when it holds: the checks a server verifier makes too. */
export async function refusal(session: Session, environment: Pick<SiwxEnvironment, 'domain'>, now: number, issued: readonly IssuedNonce[]) {
  const [namespace] = splitChainId(session.data.chainId)
  if (namespace !== 'eip155') return `Local sign-in verifies eip155 accounts only, not ${namespace}.`
  const message = parseSignInMessage(session.message, namespace)
  if (!message) return 'The signed text is not a sign-in message.'
  const { data } = session
  if (message.chainId !== data.chainId || !sameAddress(data.chainId, message.accountAddress, data.accountAddress) || message.nonce !== data.nonce)
    return 'The signed message does not match the session.'
  if (message.domain !== environment.domain) return `The message is for ${message.domain}, not ${environment.domain}.`
  if (message.expirationTime && Date.parse(message.expirationTime) <= now) return 'The message has expired.'
  if (message.notBefore && Date.parse(message.notBefore) > now) return 'The message is not valid yet.'
  if (!issued.some((n) => n.nonce === message.nonce)) return 'The nonce was not issued here or was already used.'
  const valid = await verifyMessage({ address: message.accountAddress as `0x${string}`, message: session.message, signature: session.signature as `0x${string}` }).catch(
    () => false,
  )
  if (!valid) return 'The signature was not made by this account.'
  return undefined
}

async function readSessions(storage: KeyValueStorage): Promise<Session[]> {
  const stored = await storage.getItem<unknown[]>(STORAGE_KEYS.authToken)
  if (!Array.isArray(stored)) return []
  // a corrupt entry is dropped, never trusted
  return stored.flatMap((s) => {
    const parsed = SessionSchema.safeParse(s)
    return parsed.success ? [parsed.data] : []
  })
}

const pick = (p: LocalSiwxParameters): Partial<SiwxConfig> =>
  Object.fromEntries(Object.entries({ required: p.required, statement: p.statement, expiresInMs: p.expiresInMs, signOutOnDisconnect: p.signOutOnDisconnect }).filter(([, v]) => v !== undefined))
