/**
 * The embedded wallet's Farcaster API, as this plugin sees it (the embedded-wallet plugin's
 * `EmbeddedWalletFarcasterApi`, on `connector.embeddedWallet`). Declared here, not imported: separate bundles.
 */
export interface FarcasterWalletApi {
  getFarcasterUri(): Promise<{ url: string }>
  connectFarcaster(signal?: AbortSignal): Promise<{ userName: string }>
  resetFarcaster(): Promise<void>
}

declare module '@portico/contracts/plugin' {
  interface ViewRegistry {
    ConnectingFarcaster: undefined
  }
}
