/** Public surface of the Portico login frame's auth server: email codes, social sign-in, sessions, devices, key shares, the frame page. */
export { createFrameServer, type FrameServer } from './server.js'
export {
  DEFAULT_FRAME_PORT,
  DEFAULT_LIMITS,
  DEFAULT_SMTP_SINK_PORT,
  DEV_ONLY_FRAME_SECRET,
  consoleLogger,
  silentLogger,
  type FrameLimits,
  type FrameServerOptions,
  type Logger,
} from './config.js'
export { optionsFromEnv } from './env.js'
export { frameMigrations, type FrameMigration } from './db/migrations.js'
export { EmailCodes, normalizeEmail, type IssuedCode } from './emailCodes.js'
export { Sessions, type SessionTokens } from './sessions.js'
export { Wallets, type WalletAccount } from './wallets.js'
export { EmailUpdates } from './emailUpdates.js'
export { ShareCipher, ShareDecryptError, parseShareKey, type ShareKind } from './shareCipher.js'
export { AllowedOrigins, frameAncestors, normalizeOrigin, originAllowed } from './origins.js'
export { CONFIG_PLACEHOLDER, DEFAULT_PAGE_DIR, injectFrameConfig, type FramePageConfig } from './framePage.js'
export { FRAME_ERROR_CODES, FrameErrorSchema, FrameProblem, type FrameError, type FrameErrorCode } from './errors.js'
export { startSmtpSink, parseMessage, type SinkMessage, type SmtpSink } from './mail/sink.js'
export { SocialLogins, SOCIAL_FLOW_TTL_MS, type SocialSignIn } from './social/flows.js'
export { SOCIAL_PROVIDERS, devIdpProvider, socialProvidersFromEnv, type SocialIdentity, type SocialProvider, type SocialProviderConfig } from './social/providers.js'
export { SocialLoginError, verifyIdToken } from './social/identity.js'
export { DEFAULT_IDP_PORT, DEV_IDP_CLIENT_SECRET, startDevIdp, type DevIdp, type DevIdpOptions } from './devIdp/server.js'
