import { expect, it } from 'vitest'
import * as frame from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(frame).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_FRAME_PORT",
      "DEFAULT_LIMITS",
      "DEFAULT_SMTP_SINK_PORT",
      "DEV_ONLY_FRAME_SECRET",
      "EmailCodes",
      "FRAME_ERROR_CODES",
      "FrameErrorSchema",
      "FrameProblem",
      "Sessions",
      "consoleLogger",
      "createFrameServer",
      "frameMigrations",
      "normalizeEmail",
      "optionsFromEnv",
      "parseMessage",
      "silentLogger",
      "startSmtpSink",
    ]
  `)
})
