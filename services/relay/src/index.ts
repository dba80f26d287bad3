export { createRelay, DEFAULT_RELAY_PORT, type Relay, type RelayOptions, type RelaySnapshot, type RelayStats } from './relay.js'
export { AuthError, audienceMatches, authenticate } from './auth.js'
export { Mailbox, defaultMailboxLimits, type MailboxLimits, type StoredMessage } from './mailbox.js'
export { RpcError } from './jsonrpc.js'
