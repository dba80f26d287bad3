/**
 * The plugin's storage keys (SPEC §3 local storage: the sign-in auth and nonce tokens), under the plugin's own
 * prefix. `localSiwx` keeps its sessions as the auth token and its issued nonces as the nonce token.
 */
export const STORAGE_KEYS = {
  authToken: 'siwx-auth-token',
  nonceToken: 'siwx-nonce-token',
} as const

/** The incumbent's localStorage keys, moved once into the plugin's storage (`legacyStorageKeys`). */
export const LEGACY_STORAGE_KEYS = {
  '@appkit/siwx-auth-token': STORAGE_KEYS.authToken,
  '@appkit/siwx-nonce-token': STORAGE_KEYS.nonceToken,
} as const
