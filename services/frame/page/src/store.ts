import { base64urlnopad } from '@scure/base'
import { clear, createStore, del, get, set, update, type UseStore } from 'idb-keyval'

/** A signed-in session as the frame keeps it (IndexedDB of the frame origin; the host page never sees it). */
export interface StoredSession {
  userId: string
  /** null for a social user whose provider verified no email. */
  email: string | null
  accessToken: string
  accessTokenExpiresAt: string
  refreshToken: string
  refreshTokenExpiresAt: string
  /** Opaque, non-secret name of the session for SESSION_UPDATE: a hash, never a token. */
  tag: string
}

/** Public data of the wallet (addresses), cached so GET_USER and eth_accounts need no key. */
export interface StoredAccount {
  namespace: 'eip155' | 'solana'
  address: string
  publicKey: string
  path: string
}

/** The chain SWITCH_NETWORK (or GET_USER / an RPC request) last named, with its RPC url. */
export interface StoredChain {
  chainId: number | string
  rpcUrl?: string
}

interface WrappedShare {
  userId: string
  iv: Uint8Array
  data: Uint8Array
}

const KEYS = {
  deviceId: 'deviceId',
  session: 'session',
  accounts: 'accounts',
  chain: 'chain',
  share: 'deviceShare',
  wrapKey: 'deviceShareKey',
  socialBinding: 'socialBinding',
  preferredAccountType: 'preferredAccountType',
} as const

/** The eip155 account the visitor uses where a chain offers both (SET_PREFERRED_ACCOUNT). */
export type EvmAccountType = 'eoa' | 'smartAccount'

/** A device id: 24 random bytes as 32 url-safe characters (the server accepts 16 to 128). */
export function newDeviceId(): string {
  return base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(24)))
}

/**
 * The frame's persistent state. The device share is encrypted with an AES-GCM key that is generated
 * non-extractable and stored as a CryptoKey object: script on this origin can use it, but its bytes never exist in
 * JavaScript, so a copy of the database files alone does not yield the share.
 */
export class FrameStore {
  private readonly db: UseStore

  constructor(db: UseStore = createStore('portico-frame', 'state')) {
    this.db = db
  }

  async deviceId(): Promise<string> {
    const existing = await get<string>(KEYS.deviceId, this.db)
    if (existing) return existing
    const id = newDeviceId()
    await set(KEYS.deviceId, id, this.db)
    return id
  }

  session = () => get<StoredSession>(KEYS.session, this.db)
  saveSession = (session: StoredSession) => set(KEYS.session, session, this.db)
  /**
   * Changes fields of the stored session in one IndexedDB transaction, so a token rotation and an email change that
   * overlap cannot overwrite each other with stale copies (a stale refresh token would revoke the session).
   */
  patchSession = (patch: Partial<StoredSession>) =>
    update<StoredSession | undefined>(KEYS.session, (session) => (session ? { ...session, ...patch } : session), this.db)
  accounts = () => get<StoredAccount[]>(KEYS.accounts, this.db)
  saveAccounts = (accounts: StoredAccount[]) => set(KEYS.accounts, accounts, this.db)
  /**
   * The binding secret of the social sign-in this frame started (the server needs it to finish). Kept in IndexedDB:
   * in the redirect flow the app page, and this frame with it, is reloaded before the sign-in finishes.
   */
  socialBinding = () => get<string>(KEYS.socialBinding, this.db)
  saveSocialBinding = (binding: string | undefined) => (binding ? set(KEYS.socialBinding, binding, this.db) : del(KEYS.socialBinding, this.db))
  /** The account type SET_PREFERRED_ACCOUNT last chose (undefined: never chosen on this device). */
  preferredAccountType = () => get<EvmAccountType>(KEYS.preferredAccountType, this.db)
  savePreferredAccountType = (type: EvmAccountType) => set(KEYS.preferredAccountType, type, this.db)
  chain = () => get<StoredChain>(KEYS.chain, this.db)
  saveChain = (chain: StoredChain) => set(KEYS.chain, chain, this.db)

  /** Signed out or expired: the session and the cached accounts go, the device share stays. */
  async forgetSession(): Promise<void> {
    await del(KEYS.session, this.db)
    await del(KEYS.accounts, this.db)
  }

  /** Stores `share` for `userId`, encrypted under the non-extractable wrapping key. */
  async saveDeviceShare(userId: string, share: Uint8Array): Promise<void> {
    const key = await this.wrapKey()
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const data = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(userId) }, key, share as Uint8Array<ArrayBuffer>),
    )
    await set(KEYS.share, { userId, iv, data } satisfies WrappedShare, this.db)
  }

  /** The device share of `userId`, or null when there is none (never created here, evicted, or another user's). */
  async deviceShare(userId: string): Promise<Uint8Array | null> {
    const wrapped = await get<WrappedShare>(KEYS.share, this.db)
    const key = await get<CryptoKey>(KEYS.wrapKey, this.db)
    if (!wrapped || !key || wrapped.userId !== userId) return null
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: wrapped.iv as Uint8Array<ArrayBuffer>, additionalData: new TextEncoder().encode(userId) },
        key,
        wrapped.data as Uint8Array<ArrayBuffer>,
      )
      return new Uint8Array(plain)
    } catch {
      return null // a key and share that do not belong together: treat as lost, recovery replaces it
    }
  }

  /** Everything, device id and device share included (SIGN_OUT). */
  clearAll = () => clear(this.db)

  private async wrapKey(): Promise<CryptoKey> {
    const existing = await get<CryptoKey>(KEYS.wrapKey, this.db)
    if (existing) return existing
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    await set(KEYS.wrapKey, key, this.db)
    return key
  }
}
