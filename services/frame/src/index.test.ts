import { expect, it } from 'vitest'
import * as frame from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(frame).sort()).toMatchInlineSnapshot(`
    [
      "AllowedOrigins",
      "CONFIG_PLACEHOLDER",
      "DEFAULT_FRAME_PORT",
      "DEFAULT_IDP_PORT",
      "DEFAULT_LIMITS",
      "DEFAULT_PAGE_DIR",
      "DEFAULT_SMTP_SINK_PORT",
      "DEV_IDP_CLIENT_SECRET",
      "DEV_ONLY_FRAME_SECRET",
      "EmailCodes",
      "EmailUpdates",
      "FRAME_ERROR_CODES",
      "FrameErrorSchema",
      "FrameProblem",
      "SOCIAL_FLOW_TTL_MS",
      "SOCIAL_PROVIDERS",
      "Sessions",
      "ShareCipher",
      "ShareDecryptError",
      "SocialLoginError",
      "SocialLogins",
      "Wallets",
      "consoleLogger",
      "createFrameServer",
      "devIdpProvider",
      "frameAncestors",
      "frameMigrations",
      "injectFrameConfig",
      "normalizeEmail",
      "normalizeOrigin",
      "optionsFromEnv",
      "originAllowed",
      "parseMessage",
      "parseShareKey",
      "silentLogger",
      "socialProvidersFromEnv",
      "startDevIdp",
      "startSmtpSink",
      "verifyIdToken",
    ]
  `)
})
