/**
 * The email API the embedded wallet offers other plugins (frame-design "Email API"). Plugins that use it import
 * these types only, never this plugin's code (remotes are separate bundles), and find the API on the auth
 * connector: `embeddedWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))`.
 */
export interface EmbeddedWalletApi {
  /** Ms epoch until which a new code cannot be requested (30 s cooldown, SPEC §9), or 0. */
  emailCooldownUntil(): number
  /** Rejects "Please try again after {n} seconds" inside the cooldown. */
  connectEmail(email: string): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>
  /** Resolves once the visitor approved this device from the link mailed to them (no timeout; abort with `signal`). */
  connectDevice(signal?: AbortSignal): Promise<void>
  connectOtp(otp: string): Promise<void>
  updateEmail(email: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  updateEmailSecondaryOtp(otp: string): Promise<{ newEmail: string }>
  /** The signed-in email, if any (stored, SPEC §3). */
  email(): string | undefined
  subscribe(listener: () => void): () => void
}

const METHODS = [
  'emailCooldownUntil',
  'connectEmail',
  'connectDevice',
  'connectOtp',
  'updateEmail',
  'updateEmailPrimaryOtp',
  'updateEmailSecondaryOtp',
  'email',
  'subscribe',
] as const satisfies readonly (keyof EmbeddedWalletApi)[]

/**
 * The embedded wallet's API on a connector, or undefined for any other connector. Duck-typed (`connector.embeddedWallet`
 * with every method): a federated remote may hold its own copy of this module, so nothing here relies on identity.
 *
 * @example
 * const wallet = embeddedWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))
 * const { action } = await wallet!.connectEmail('visitor@example.com')
 */
export function embeddedWalletOf(connector: unknown): EmbeddedWalletApi | undefined {
  const api = (connector as { embeddedWallet?: unknown } | null | undefined)?.embeddedWallet
  if (typeof api !== 'object' || api === null) return undefined
  return METHODS.every((m) => typeof (api as Record<string, unknown>)[m] === 'function') ? (api as EmbeddedWalletApi) : undefined
}

/** A social provider the frame signs in with (SPEC §5). */
export type SocialLoginProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/**
 * The social half of the API (on the same `connector.embeddedWallet` object): the popup or redirect flow of the
 * login frame. A separate interface so that a host with an older embedded wallet still passes `embeddedWalletOf`.
 */
export interface EmbeddedWalletSocialApi {
  /** The origin the popup's result message must come from (the frame's). */
  frameOrigin(): string | undefined
  /** The page the popup is opened at, synchronously on the click, before the provider's URL is known. */
  socialLoadingUrl(): string | undefined
  /** The provider's sign-in URL; `returnUrl` is where the visitor comes back without a popup (`?result_uri=`). */
  getSocialRedirectUri(provider: SocialLoginProvider, returnUrl?: string): Promise<{ uri: string }>
  /** Finishes the sign-in with the result uri the popup posted (or `?result_uri=`); stores the user name and provider. */
  connectSocial(resultUri: string, provider?: SocialLoginProvider): Promise<{ address: string; userName?: string | null; email?: string | null }>
  /** The stored social login, if any (SPEC §3 social username, account socialProvider). */
  socialUser(): { username: string | undefined; provider: string | undefined }
}

const SOCIAL_METHODS = ['frameOrigin', 'socialLoadingUrl', 'getSocialRedirectUri', 'connectSocial', 'socialUser'] as const satisfies readonly (keyof EmbeddedWalletSocialApi)[]

/**
 * The social API on a connector, or undefined (no embedded wallet, or one without social login). Duck-typed like
 * {@link embeddedWalletOf}.
 *
 * @example
 * const social = embeddedWalletSocialOf(kernel.getConnector(AUTH_CONNECTOR_ID))
 * const { uri } = await social!.getSocialRedirectUri('google')
 */
export function embeddedWalletSocialOf(connector: unknown): (EmbeddedWalletApi & EmbeddedWalletSocialApi) | undefined {
  const api = embeddedWalletOf(connector)
  if (!api) return undefined
  return SOCIAL_METHODS.every((m) => typeof (api as unknown as Record<string, unknown>)[m] === 'function') ? (api as EmbeddedWalletApi & EmbeddedWalletSocialApi) : undefined
}

/**
 * The Farcaster half of the API (on the same `connector.embeddedWallet` object): Sign In With Farcaster through the
 * login frame. The frame opens a channel at its relay; the visitor approves it in a Farcaster app (QR code or link).
 */
export interface EmbeddedWalletFarcasterApi {
  /** Opens a new channel (a new one replaces the last) and gives its `farcaster://connect?…` URL, for the QR code. */
  getFarcasterUri(): Promise<{ url: string }>
  /** Waits (no timeout; abort with `signal`) until the channel is approved, then stores the login like a social one. */
  connectFarcaster(signal?: AbortSignal): Promise<{ userName: string }>
  /** Going back while not connected (SPEC §2): ends the wait, and the frame forgets the channel and any half login. */
  resetFarcaster(): Promise<void>
}

const FARCASTER_METHODS = ['getFarcasterUri', 'connectFarcaster', 'resetFarcaster'] as const satisfies readonly (keyof EmbeddedWalletFarcasterApi)[]

/**
 * The Farcaster API on a connector, or undefined (no embedded wallet, or one without Farcaster). Duck-typed like
 * {@link embeddedWalletOf}.
 *
 * @example
 * const farcaster = embeddedWalletFarcasterOf(kernel.getConnector(AUTH_CONNECTOR_ID))
 * const { url } = await farcaster!.getFarcasterUri()
 */
export function embeddedWalletFarcasterOf(connector: unknown): (EmbeddedWalletApi & EmbeddedWalletFarcasterApi) | undefined {
  const api = embeddedWalletOf(connector)
  if (!api) return undefined
  return FARCASTER_METHODS.every((m) => typeof (api as unknown as Record<string, unknown>)[m] === 'function') ? (api as EmbeddedWalletApi & EmbeddedWalletFarcasterApi) : undefined
}
