import { describe, expect, it } from 'vitest'
import * as exported from './index.js'

describe('@portico/plugin-embedded-wallet export surface', () => {
  it('behavior: the runtime export names change only on purpose', () => {
    expect(Object.keys(exported).sort()).toMatchInlineSnapshot(`
      [
        "APPROVE_VIEW",
        "AUTH_CONNECTOR_ID",
        "EMAIL_COOLDOWN_MS",
        "EmbeddedWalletError",
        "FRAME_ELEMENT_ID",
        "FRAME_MESSAGES",
        "FRAME_NAME",
        "FRAME_SDK_VERSION",
        "FrameReplyError",
        "LEGACY_STORAGE_KEYS",
        "ProviderRpcError",
        "READY_TIMEOUT_MS",
        "REQUEST_TIMEOUT_MS",
        "RPC_CODES",
        "SIGN_OUT_TIMEOUT_MS",
        "STORAGE_KEYS",
        "authConnectorInternals",
        "chainIdNumber",
        "createAuthConnector",
        "createAuthProvider",
        "createFrameChannel",
        "createFrameManager",
        "default",
        "embeddedWallet",
        "embeddedWalletFarcasterOf",
        "embeddedWalletMessages",
        "embeddedWalletOf",
        "embeddedWalletSocialOf",
        "frameLocation",
        "toWire",
      ]
    `)
  })

  it('behavior: the default export is the plugin factory', () => {
    expect(exported.default).toBe(exported.embeddedWallet)
    expect(exported.AUTH_CONNECTOR_ID).toBe('auth')
    expect(exported.default().name).toBe('embedded-wallet')
  })
})
