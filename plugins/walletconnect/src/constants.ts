/** The connector's id in the registry, the store and `connector-<id>` test ids. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/** SPEC §4/§9: a new pairing lasts 4 minutes… */
export const PAIRING_TTL_MS = 4 * 60_000
/** …and counts as expired with less than 10 seconds left. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** The views this plugin provides. */
export const WC_VIEWS = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'] as const
export type WalletConnectView = (typeof WC_VIEWS)[number]

/** How long a dapp-side disconnect waits for the relay to take the session delete before it forgets the session locally. */
export const DISCONNECT_TIMEOUT_MS = 10_000

/** WalletConnect's mark (the "bridge" glyph on blue), as a data URI so it loads nothing. */
export const WALLETCONNECT_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3396FF"/>' +
      '<path fill="#fff" d="M12.3 15.4c4.3-4.2 11.2-4.2 15.4 0l.5.5c.2.2.2.6 0 .8l-1.8 1.7c-.1.1-.3.1-.4 0l-.7-.7c-3-2.9-7.8-2.9-10.8 0l-.8.8c-.1.1-.3.1-.4 0l-1.8-1.7c-.2-.2-.2-.6 0-.8l.8-.6Zm19.1 3.6 1.6 1.5c.2.2.2.6 0 .8l-7.1 7c-.2.2-.6.2-.8 0l-5-4.9c-.1-.1-.1-.1-.2 0l-5 4.9c-.2.2-.6.2-.8 0l-7.1-7c-.2-.2-.2-.6 0-.8l1.6-1.5c.2-.2.6-.2.8 0l5 4.9c.1.1.1.1.2 0l5-4.9c.2-.2.6-.2.8 0l5 4.9c.1.1.1.1.2 0l5-4.9c.2-.2.6-.2.8 0Z"/></svg>',
  )
