/** Public surface of the Portico login frame's auth server (first slice: email one-time codes and sessions). */
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
export { FRAME_ERROR_CODES, FrameErrorSchema, FrameProblem, type FrameError, type FrameErrorCode } from './errors.js'
export { startSmtpSink, parseMessage, type SinkMessage, type SmtpSink } from './mail/sink.js'
