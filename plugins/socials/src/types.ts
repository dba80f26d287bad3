import type { SocialProvider } from './providers.js'

/** The id of the embedded wallet's connector. */
export const AUTH_CONNECTOR_ID = 'auth'
/** The plugin that provides it (loaded on demand when a sign-in starts before it is set up). */
export const EMBEDDED_WALLET_PLUGIN = 'embedded-wallet'

/**
 * The embedded wallet's social API, as this plugin sees it (the embedded-wallet plugin's `EmbeddedWalletSocialApi`,
 * on `connector.embeddedWallet`). Declared here, not imported: the plugins are separate bundles and meet at run time.
 */
export interface SocialWalletApi {
  frameOrigin(): string | undefined
  socialLoadingUrl(): string | undefined
  getSocialRedirectUri(provider: SocialProvider, returnUrl?: string): Promise<{ uri: string }>
  connectSocial(resultUri: string, provider?: SocialProvider): Promise<{ address: string; userName?: string | null; email?: string | null }>
  socialUser(): { username: string | undefined; provider: string | undefined }
  subscribe(listener: () => void): () => void
}

/** Data of the ConnectingSocial view: the provider being signed in with; `resultUri` when coming back from a redirect. */
export type ConnectingSocialData = { provider?: SocialProvider; resultUri?: string }

declare module '@portico/contracts/plugin' {
  interface ViewRegistry {
    ConnectingSocial: ConnectingSocialData
  }
  interface AccountExtensions {
    /** The social provider of an embedded-wallet account (SPEC §3 socialProvider). */
    socialProvider?: string
    /** The provider's user name (SPEC §3 social username). */
    socialUsername?: string
  }
}
