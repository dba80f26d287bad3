import type { KeyValueStorage } from '@portico/contracts/plugin'

/** The plugin's storage keys (SPEC §3 local storage: email, email-login-used flag, last email-login time). */
export const STORAGE_KEYS = {
  email: 'email',
  emailLoginUsed: 'emailLoginUsed',
  lastEmailLoginTime: 'lastEmailLoginTime',
  socialUsername: 'socialUsername',
  socialProvider: 'socialProvider',
  smartAccountEnabledNetworks: 'smartAccountEnabledNetworks',
} as const

/** The incumbent's localStorage keys, moved once into the plugin's storage (`legacyStorageKeys`). */
export const LEGACY_STORAGE_KEYS = {
  '@appkit-wallet/EMAIL': STORAGE_KEYS.email,
  '@appkit-wallet/EMAIL_LOGIN_USED_KEY': STORAGE_KEYS.emailLoginUsed,
  '@appkit-wallet/LAST_EMAIL_LOGIN_TIME': STORAGE_KEYS.lastEmailLoginTime,
  '@appkit-wallet/SOCIAL_USERNAME': STORAGE_KEYS.socialUsername,
  '@appkit-wallet/SOCIAL_PROVIDER': STORAGE_KEYS.socialProvider,
  '@appkit-wallet/SMART_ACCOUNT_ENABLED_NETWORKS': STORAGE_KEYS.smartAccountEnabledNetworks,
} as const

/** What the plugin remembers between visits. */
export type StoredLogin = {
  email: string | undefined
  emailLoginUsed: boolean
  lastEmailLoginTime: number
  /** The social login's user name and provider (SPEC §3 social username, account socialProvider). */
  socialUsername?: string | undefined
  socialProvider?: string | undefined
}

// legacy values are strings ('true', '1700000000000'); the migration parses JSON where it can, so accept both forms
const asEmail = (v: unknown) => (typeof v === 'string' && v.includes('@') ? v : undefined)
const asFlag = (v: unknown) => v === true || v === 'true'
const asText = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 256 ? v : undefined)
const asTime = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN
  return Number.isFinite(n) && n > 0 ? n : 0
}

/**
 * The stored login, read once and then kept in memory (so `email()` and the cooldown answer synchronously), and
 * written through on every change. A storage failure never breaks a login: it only loses the memory.
 */
export function createLoginStore(storage: KeyValueStorage, log: { warn: (...a: unknown[]) => void }) {
  let state: StoredLogin = { email: undefined, emailLoginUsed: false, lastEmailLoginTime: 0 }
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const l of [...listeners]) l()
  }
  const write = (key: string, value: unknown) =>
    (value === undefined ? storage.removeItem(key) : storage.setItem(key, value)).catch((e) => log.warn('storage:', e))

  const loaded = Promise.all([
    storage.getItem(STORAGE_KEYS.email),
    storage.getItem(STORAGE_KEYS.emailLoginUsed),
    storage.getItem(STORAGE_KEYS.lastEmailLoginTime),
    storage.getItem(STORAGE_KEYS.socialUsername),
    storage.getItem(STORAGE_KEYS.socialProvider),
  ]).then(
    ([email, used, time, username, provider]) => {
      state = {
        email: asEmail(email),
        emailLoginUsed: asFlag(used),
        lastEmailLoginTime: asTime(time),
        socialUsername: asText(username),
        socialProvider: asText(provider),
      }
      emit()
      return state
    },
    (e) => (log.warn('storage:', e), state),
  )

  return {
    /** Settles with the stored values once read. */
    loaded: () => loaded,
    get: (): StoredLogin => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async update(patch: Partial<StoredLogin>) {
      await loaded
      state = { ...state, ...patch }
      emit()
      await Promise.all(
        Object.entries(patch).map(([k, v]) => write(k, k === STORAGE_KEYS.emailLoginUsed ? (v ? true : undefined) : v || undefined)),
      )
    },
    /** Sign-out and a failed session check forget the email, the social user and the flag (the cooldown stays: a code was sent). */
    clearSession() {
      return this.update({ email: undefined, emailLoginUsed: false, socialUsername: undefined, socialProvider: undefined })
    },
  }
}

export type LoginStore = ReturnType<typeof createLoginStore>

/** Chain ids from storage: a list of numbers, or the incumbent's comma list ('1,137'); anything else reads as none. */
export function asNetworks(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : []
  const ids = items.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN))
  return ids.every((n) => Number.isSafeInteger(n) && n > 0) ? [...new Set(ids)] : []
}

/**
 * The smart-account-enabled networks the frame reported (SPEC §3 local storage), kept so that the default account
 * type of a chain is known before the frame has loaded.
 *
 * @example
 * const networks = smartAccountNetworksStore(ctx.storage, ctx.log); await networks.save([31337]); networks.get() // [31337]
 */
export function smartAccountNetworksStore(storage: KeyValueStorage, log: { warn: (...a: unknown[]) => void }) {
  let networks: number[] = []
  const loaded = storage.getItem(STORAGE_KEYS.smartAccountEnabledNetworks).then(
    (v) => (networks = asNetworks(v)),
    (e) => (log.warn('storage:', e), networks),
  )
  return {
    loaded: () => loaded,
    get: (): readonly number[] => networks,
    async save(next: readonly number[]) {
      await loaded
      networks = [...next]
      await storage.setItem(STORAGE_KEYS.smartAccountEnabledNetworks, networks).catch((e) => log.warn('storage:', e))
    },
  }
}
