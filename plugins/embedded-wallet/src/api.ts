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
