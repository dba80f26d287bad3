import type { ChainNamespace, KeyValueStorage } from '@portico/contracts/plugin'
import type { Session, SignInMessage } from '@portico/contracts/schemas'

/** Which account and chain a sign-in is for. */
export type SiwxTarget = { namespace: ChainNamespace; chainId: SignInMessage['chainId']; accountAddress: string }

/** What the plugin knows when a message is built: the target, a fresh nonce, the page's domain and uri. */
export type SiwxMessageInput = SiwxTarget & { nonce: string; domain: string; uri: string; statement?: string; expiresInMs: number; now: Date }

/**
 * The `siwx` option: where nonces come from, how a signed session is checked and kept, and whether sign-in is
 * required. Every function may be async; a session `addSession` refuses (throws) is never stored.
 */
export type SiwxConfig = {
  /** Sign-in required: the prompt cannot be closed without signing, and cancelling disconnects. Default false. */
  required?: boolean | (() => boolean)
  /** The statement line of the message. */
  statement?: string
  /** How long a session lasts (the message's Expiration Time). Default 24 hours. */
  expiresInMs?: number
  /** Namespaces this config signs in; default every namespace. */
  namespaces?: readonly ChainNamespace[]
  /** Sign out (revoke the account's sessions) when the wallet disconnects. Default true. */
  signOutOnDisconnect?: boolean
  /** A fresh single-use nonce for the target (from your server, so it can refuse a replay). */
  getNonce: (target: SiwxTarget) => Promise<string> | string
  /**
   * A nonce for a sign-in whose account is not known yet: WalletConnect's one-click sign-in, where the wallet picks the
   * account while it pairs. Without it there is no one-click sign-in, and the prompt asks after the connect.
   */
  getPairingNonce?: (target: Omit<SiwxTarget, 'accountAddress'>) => Promise<string> | string
  /** The message fields; default: {@link defaultMessage}. Set `serializedMessage` to sign your own text. */
  createMessage?: (input: SiwxMessageInput) => Promise<SignInMessage> | SignInMessage
  /** Verifies and stores a signed session; throw to refuse it (the visitor sees the reason and can try again). */
  addSession: (session: Session) => Promise<void> | void
  /** The stored sessions of an account on a chain (CAIP-2 id); expired ones should not be returned. */
  getSessions: (chainId: string, accountAddress: string) => Promise<readonly Session[]> | readonly Session[]
  /** Ends the sessions of an account on a chain. */
  revokeSession: (chainId: string, accountAddress: string) => Promise<void> | void
  /** Replaces every stored session (`[]` signs out everywhere). */
  setSessions?: (sessions: readonly Session[]) => Promise<void> | void
}

/** What a config factory receives from the plugin: its storage and the page it runs on. */
export type SiwxEnvironment = {
  /** The plugin's own storage (`plugin:siwx:` keys). */
  storage: KeyValueStorage
  /** RFC 3986 authority of the page (`app.example.com:8080`). */
  domain: string
  /** The page's origin (`https://app.example.com`). */
  uri: string
  log: { warn: (...a: unknown[]) => void }
}

/**
 * The `siwx` option: a config; a factory of one that needs the plugin's storage (`localSiwx()`, `serverSiwx()`); or a
 * built-in verifier named as data (`{ verifier: 'local' }`, `{ verifier: 'server' }` against the kernel's api and
 * project), which a host with the plugin loaded remotely uses so that it bundles none of the verifier's code.
 */
export type SiwxOption =
  | SiwxConfig
  | ((environment: SiwxEnvironment) => SiwxConfig)
  | ({ verifier: 'local' } & Omit<SiwxConfig, 'getNonce' | 'addSession' | 'getSessions' | 'revokeSession' | 'setSessions' | 'createMessage' | 'namespaces'> & { nonceTtlMs?: number })
  | ({ verifier: 'server' } & Pick<SiwxConfig, 'required' | 'statement' | 'expiresInMs' | 'signOutOnDisconnect' | 'namespaces'> & {
      /** Default: the kernel's `endpoints.api`. */
      apiUrl?: string
      /** Default: the kernel's `projectId`. */
      projectId?: string
    })

export const DEFAULT_EXPIRES_IN_MS = 24 * 60 * 60 * 1000

export const isRequired = (config: SiwxConfig | undefined) =>
  Boolean(config && (typeof config.required === 'function' ? config.required() : config.required))

/** The message the plugin signs when the config does not build its own. */
export function defaultMessage(input: SiwxMessageInput): SignInMessage {
  return {
    chainId: input.chainId,
    accountAddress: input.accountAddress,
    nonce: input.nonce,
    domain: input.domain,
    uri: input.uri,
    version: '1',
    ...(input.statement ? { statement: input.statement } : {}),
    issuedAt: input.now.toISOString(),
    expirationTime: new Date(input.now.getTime() + input.expiresInMs).toISOString(),
  }
}

/** Whether a session is for this account on this chain and has not expired. */
export function covers(session: Session, chainId: string, accountAddress: string, now = Date.now()): boolean {
  const { data } = session
  if (data.chainId !== chainId || !sameAddress(data.chainId, data.accountAddress, accountAddress)) return false
  return !data.expirationTime || Date.parse(data.expirationTime) > now
}

/** eip155 addresses compare without case (checksums); other namespaces' addresses are case-sensitive. */
export const sameAddress = (chainId: string, a: string, b: string) => (chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b)
